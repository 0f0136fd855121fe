import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../api/apiErrorText';
import { useServices } from '../../app/services';
import { announce } from '../../components/LiveAnnouncer';
import { documentPdf, type InvoiceScope } from './documentCalls';

/** Downloads a document's PDF and saves it (the desktop's save dialog, the browser's download). */
export function useDocumentDownload(scope: InvoiceScope) {
  const { t } = useTranslation();
  const { platform } = useServices();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (id: number) => {
    setBusy(id);
    setError(null);
    try {
      const file = await documentPdf(scope, id);
      await platform.saveFile(file.name, file.data, file.type);
      announce(t('The PDF was downloaded.'));
    } catch (failure) {
      setError(apiErrorMessage(failure, t));
    } finally {
      setBusy(null);
    }
  };
  return { download, busy, error };
}
