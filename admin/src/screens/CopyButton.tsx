/** Copies a text (an id, a script tag) to the clipboard and says so. */
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { Button, useNotify, useTranslate } from 'react-admin';

interface CopyButtonProps {
  text: string;
  /** Message key of the button's label (and tooltip). */
  label?: string;
  /** Only the icon, with the label as tooltip (in table rows). */
  compact?: boolean;
}

export function CopyButton({ text, label = 'app.action.copy', compact = false }: CopyButtonProps) {
  const notify = useNotify();
  const translate = useTranslate();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('app.notification.copied', { type: 'info' });
    } catch {
      notify('app.notification.copy_failed', { type: 'warning' });
    }
  };
  if (!compact) {
    return (
      <Button label={label} onClick={copy}>
        <ContentCopyIcon />
      </Button>
    );
  }
  return (
    <Tooltip title={translate(label)}>
      <IconButton size="small" aria-label={translate(label)} onClick={copy}>
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}
