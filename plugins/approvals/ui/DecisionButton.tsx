/** A row's split button (SPEC section 2): Approve, and in its menu Reject and Update. */
import { useRef, useState } from 'react';
import { Button, ButtonGroup, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useText } from './useText.ts';

interface DecisionButtonProps {
  disabled: boolean;
  onApprove: () => void;
  onReject: () => void;
  onUpdate: () => void;
}

export function DecisionButton({ disabled, onApprove, onReject, onUpdate }: DecisionButtonProps) {
  const text = useText();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const choose = (action: () => void) => () => { setOpen(false); action(); };
  return (
    <>
      <ButtonGroup size="small" variant="contained" ref={anchor} disabled={disabled} sx={{ whiteSpace: 'nowrap' }}>
        <Button onClick={onApprove} name="approve">{text('events.approve')}</Button>
        <Button onClick={() => setOpen(true)} name="more" aria-label={text('events.more')} aria-haspopup="menu"><ArrowDropDownIcon fontSize="small" /></Button>
      </ButtonGroup>
      {/* Opens below the button towards the left: the button stands at the table's right edge. */}
      <Menu anchorEl={anchor.current} open={open} onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem onClick={choose(onReject)} data-action="reject">{text('events.reject')}</MenuItem>
        <MenuItem onClick={choose(onUpdate)} data-action="update">{text('events.update')}</MenuItem>
      </Menu>
    </>
  );
}
