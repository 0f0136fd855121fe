import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Toast,
  ToastTitle,
} from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppToaster } from '../app/toaster';
import { useServices } from '../app/services';
import { apiErrorMessage } from '../api/apiErrorText';
import { downloadFile } from '../api/fileTransfer';
import { resourcePath, type ResourceScope } from './resourceApi';

/** Export of the list as it is filtered and sorted now, as CSV or XLSX. */
export function ExportMenu({
  scope,
  query,
  compact,
}: {
  scope: ResourceScope;
  query: Record<string, string | number | undefined>;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { platform } = useServices();
  const { dispatchToast } = useAppToaster();
  const [busy, setBusy] = useState(false);

  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const file = await downloadFile(resourcePath(scope, '/export'), { ...query, format });
      await platform.saveFile(file.name, file.data, file.type);
    } catch (error) {
      dispatchToast(
        <Toast>
          <ToastTitle>{apiErrorMessage(error, t)}</ToastTitle>
        </Toast>,
        { intent: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          icon={<ArrowDownload20Regular />}
          disabled={busy}
          aria-label={compact ? t('Export') : undefined}
          data-testid="export-button"
        >
          {compact ? undefined : t('Export')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem onClick={() => void download('csv')} data-testid="export-csv">
            {t('CSV file')}
          </MenuItem>
          <MenuItem onClick={() => void download('xlsx')} data-testid="export-xlsx">
            {t('Excel file (XLSX)')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
