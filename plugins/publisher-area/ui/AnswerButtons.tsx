/**
 * Accept or decline an invitation (SPEC section 4: while it is open). Declining asks first, since a declined
 * invitation cannot be accepted later; the answer refreshes every view of the publisher's campaigns.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { useNotify } from 'react-admin';
import { answerInvitation, type Answer } from './api.ts';
import { useText } from './useText.ts';

interface Props {
  publisher: string;
  invitation: string;
  campaign: string;
  size?: 'small' | 'medium';
  onAnswered?: (answer: Answer) => void;
}

export function AnswerButtons({ publisher, invitation, campaign, size = 'small', onAnswered }: Props) {
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const answer = useMutation({
    mutationFn: (value: Answer) => answerInvitation(publisher, invitation, value),
    onSuccess: async (_result, value) => {
      notify(text(`answered.${value}`, { campaign }), { type: 'success' });
      setAsking(false);
      onAnswered?.(value);
      await client.invalidateQueries({ queryKey: ['publisher-area'] });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Stack direction="row" spacing={1} data-testid="answer-buttons">
      <Button size={size} variant="contained" color="success" startIcon={<CheckIcon />} disabled={answer.isPending} onClick={() => answer.mutate('accept')} data-action="accept">
        {text('actions.accept')}
      </Button>
      <Button size={size} variant="outlined" color="error" startIcon={<CloseIcon />} disabled={answer.isPending} onClick={() => setAsking(true)} data-action="decline">
        {text('actions.decline')}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)}>
        <DialogTitle>{text('decline_confirm.title')}</DialogTitle>
        <DialogContent><DialogContentText>{text('decline_confirm.text', { campaign })}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{text('decline_confirm.keep')}</Button>
          <Button color="error" variant="contained" disabled={answer.isPending} onClick={() => answer.mutate('decline')} data-action="confirm-decline">{text('actions.decline')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
