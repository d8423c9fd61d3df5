/**
 * One item under review: its facts, the preview and a button per channel that runs the review cycle of SPEC
 * section 4 (not reviewed -> approved, rejected -> approved, approved -> rejected; a rejection asks for its reason),
 * and Save, refused while a channel is not reviewed ('Channel {x} was not reviewed'). A saved item shows Saved and
 * its decisions, no longer clickable.
 */
import { useState } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Tooltip, Typography } from '@mui/material';
import { useNotify } from 'react-admin';
import { channelByKey } from '@adsuite/config';
import { nextReviewStatus } from '@adsuite/config/approvals';
import { type ApprovalItem, type ChannelReview, saveReview } from './approvalApi.ts';
import { ItemPreview } from './CreativePreview.tsx';
import { RejectDialog } from './RejectDialog.tsx';
import { useText } from './useText.ts';

const channelName = (key: string) => channelByKey[key]?.name ?? key;
const ICONS = { approved: <CheckIcon />, rejected: <CloseIcon />, not_reviewed: <HelpOutlineIcon /> };
const COLORS = { approved: 'success', rejected: 'error', not_reviewed: 'inherit' } as const;

function Fact({ label, value }: { label: string; value: string | undefined }) {
  if (!value) return null;
  return <Typography variant="body2"><Box component="span" color="text.secondary">{label}: </Box>{value}</Typography>;
}

export function ApprovalCard({ item, onSaved }: { item: ApprovalItem; onSaved: (saved: ApprovalItem) => void }) {
  const text = useText();
  const notify = useNotify();
  const [reviews, setReviews] = useState<ChannelReview[]>(item.reviews);
  const [asking, setAsking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = !!item.saved;

  const set = (channel: string, change: Partial<ChannelReview>) => setReviews((now) => now.map((r) => (r.channel === channel ? { ...r, ...change } : r)));
  const cycle = (review: ChannelReview) => {
    setProblem(null);
    const next = nextReviewStatus(review.status);
    if (next === 'rejected') setAsking(review.channel);
    else set(review.channel, { status: 'approved', reason: undefined });
  };
  const save = async () => {
    const open = reviews.find((review) => review.status === 'not_reviewed');
    if (open) {
      setProblem(text('not_reviewed', { channel: channelName(open.channel) }));
      return;
    }
    setSaving(true);
    try {
      onSaved({ ...(await saveReview(item, reviews)), saved: true });
      notify(text('saved_notice', { name: item.name }), { type: 'success' });
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  const creative = item.creative;
  const size = creative?.width && creative?.height ? `${creative.width}x${creative.height}` : undefined;

  return (
    <Card variant="outlined" data-item={item.name} data-saved={saved || undefined}>
      <CardContent>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Box sx={{ flex: '0 0 auto', maxWidth: { xs: '100%', md: 340 }, minWidth: 0 }}><ItemPreview item={item} /></Box>
          <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="h6" sx={{ overflowWrap: 'anywhere' }}>{item.name}</Typography>
            <Fact label={text('advertiser')} value={item.advertiser?.name} />
            <Fact label={text('campaign')} value={item.campaign?.name} />
            <Fact label={text('bookings')} value={item.bookings.map((b) => b.name).join(', ')} />
            <Fact label={text('size')} value={size} />
            <Stack direction="row" flexWrap="wrap" gap={1} sx={{ pt: 1 }}>
              {reviews.map((review) => (saved ? (
                <Chip
                  key={review.channel} color={review.status === 'approved' ? 'success' : 'error'} icon={ICONS[review.status]}
                  label={`${channelName(review.channel)}: ${text(`status.${review.status}`)}`} data-channel={review.channel} data-status={review.status}
                />
              ) : (
                <Tooltip key={review.channel} disableInteractive title={review.reason ? `${text('reason')}: ${review.reason}` : text('channel_hint')}>
                  <span>
                    <Button
                      size="small" variant={review.status === 'not_reviewed' ? 'outlined' : 'contained'} color={COLORS[review.status]}
                      startIcon={ICONS[review.status]} disabled={saving} onClick={() => cycle(review)}
                      data-channel={review.channel} data-status={review.status}
                    >
                      {channelName(review.channel)}: {text(`status.${review.status}`)}
                    </Button>
                  </span>
                </Tooltip>
              )))}
            </Stack>
            {reviews.filter((review) => review.status === 'rejected').map((review) => (
              <Typography key={review.channel} variant="body2" color="error" data-reason={review.channel} sx={{ overflowWrap: 'anywhere' }}>
                {channelName(review.channel)} – {text('reason')}: {review.reason}{review.comment ? ` (${review.comment})` : ''}
              </Typography>
            ))}
            {problem && <Alert severity="error" data-testid="review-problem">{problem}</Alert>}
            <Box>
              {saved
                ? <Chip color="success" icon={<CheckIcon />} label={text('saved')} data-testid="saved" />
                : <Button variant="contained" name="save" onClick={save} disabled={saving}>{text('save')}</Button>}
            </Box>
          </Stack>
        </Stack>
      </CardContent>
      {asking && (
        <RejectDialog
          name={item.name} channel={channelName(asking)}
          onCancel={() => setAsking(null)}
          onConfirm={(reason, comment) => {
            set(asking, { status: 'rejected', reason, comment: comment || undefined });
            setAsking(null);
          }}
        />
      )}
    </Card>
  );
}
