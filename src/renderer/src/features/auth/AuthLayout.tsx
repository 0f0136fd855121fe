import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { LOGIN_FORM_WIDTH } from '../../../../shared/constants';
import { useWhiteLabel } from '../../api/accountQueries';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/SkipLink';
import { mediaAbove } from '../../app/theme/breakpoints';
import defaultLogo from '../../assets/logo.svg';
import { fileUrl } from '../../api/files';

const useStyles = makeStyles({
  page: {
    minHeight: '100%',
    display: 'grid',
    gridTemplateColumns: '1fr',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  withImage: { [mediaAbove('lg')]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' } },
  formColumn: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    gap: tokens.spacingVerticalL,
  },
  card: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: `${LOGIN_FORM_WIDTH}px`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow8,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  logo: {
    width: '48px',
    height: '48px',
    objectFit: 'contain',
    borderRadius: tokens.borderRadiusLarge,
  },
  image: {
    display: 'none',
    [mediaAbove('lg')]: { display: 'block', width: '100%', height: '100%', objectFit: 'cover' },
  },
});

/** The frame of the sign-in screens: brand, a card of LOGIN_FORM_WIDTH, optional login image. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  const whiteLabel = useWhiteLabel().data;
  const logo = whiteLabel?.logo ? fileUrl(whiteLabel.logo) : defaultLogo;
  const loginImage = whiteLabel?.login_img ? fileUrl(whiteLabel.login_img) : null;
  return (
    <div className={mergeClasses(styles.page, loginImage !== null && styles.withImage)}>
      <SkipLink />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.formColumn}>
        <div className={styles.card}>
          <div className={styles.brand}>
            <img className={styles.logo} src={logo} alt="" />
            <Text size={500} weight="semibold">
              {whiteLabel?.name ?? 'Mathema'}
            </Text>
          </div>
          <Text as="h1" size={600} weight="semibold" style={{ margin: 0 }}>
            {title}
          </Text>
          {children}
        </div>
        <LanguageSwitch />
      </main>
      {loginImage && <img className={styles.image} src={loginImage} alt="" />}
    </div>
  );
}
