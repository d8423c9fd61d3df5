/** The banner edit screen's toolbar buttons (widgets.recordActions.banner): its embed code and its ad preview. */
import { useRecordContext } from 'react-admin';
import { AdPreviewButton, type PreviewedBanner } from './AdPreviewDialog.tsx';
import { EmbedCodeButton } from './EmbedCodeDialog.tsx';

export function BannerEmbedAction() {
  const record = useRecordContext<PreviewedBanner>();
  return record?.id ? <EmbedCodeButton banner={{ ...record, id: String(record.id) }} /> : null;
}

export function BannerPreviewAction() {
  const record = useRecordContext<PreviewedBanner>();
  return record?.id ? <AdPreviewButton banner={{ ...record, id: String(record.id) }} /> : null;
}
