import { Button, Input, type InputProps } from '@fluentui/react-components';
import { Eye24Regular, EyeOff24Regular } from '@fluentui/react-icons';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password field with the show-password toggle of spec §2. */
export const PasswordInput = forwardRef<HTMLInputElement, Omit<InputProps, 'type'>>(
  function PasswordInput(props, ref) {
    const { t } = useTranslation();
    const [visible, setVisible] = useState(false);
    return (
      <Input
        {...props}
        ref={ref}
        type={visible ? 'text' : 'password'}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={visible ? <EyeOff24Regular /> : <Eye24Regular />}
            aria-label={visible ? t('Hide password') : t('Show password')}
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          />
        }
      />
    );
  },
);
