/** The two routes of EventApproval.tsx: a campaign's conversions and its clicks. */
import { EventApproval } from './EventApproval.tsx';

export const ConversionApproval = () => <EventApproval kind="conversion" />;
export const ClickApproval = () => <EventApproval kind="click" />;
