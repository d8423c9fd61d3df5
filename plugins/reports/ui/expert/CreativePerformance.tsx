/**
 * Creative Performance (SPEC section 2): per line item, per channel, the creatives of the range with name, size,
 * id, impressions, clicks, post-click and post-view conversions with their values, the channel's total row and a
 * link to the creative's preview on the ad server (without a line item it counts nothing).
 */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Alert, Box, Card, CardContent, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography, useMediaQuery,
  type Theme,
} from '@mui/material';
import { CopyButton } from '@adsuite/admin/kit';
import { sizeOf, type ChannelPerformance, type CreativeData, type CreativeRow, type LineItemPerformance } from './expertApi.ts';
import { visuallyHidden } from './styles.ts';
import { useExpertText, useFormat } from './useExpertText.ts';

const number = { align: 'right', sx: { whiteSpace: 'nowrap' } } as const;

function Figures({ data }: { data: CreativeData }) {
  const format = useFormat();
  const withValue = (count: number, value: number) => (
    <>
      {format.count(count)}
      <Typography component="span" variant="body2" color="text.secondary"> ({format.euros(value)})</Typography>
    </>
  );
  return (
    <>
      <TableCell {...number} data-col="impressions">{format.count(data.impression)}</TableCell>
      <TableCell {...number} data-col="clicks">{format.count(data.click)}</TableCell>
      <TableCell {...number} data-col="pc">{withValue(data.pcConversions, data.pcConversionsValue)}</TableCell>
      <TableCell {...number} data-col="pv">{withValue(data.pvConversions, data.pvConversionsValue)}</TableCell>
    </>
  );
}

/** At phone width: each creative as a block of its figures, the total last (a wide table would hide them). */
function ChannelList({ channel, name }: { channel: ChannelPerformance; name: string }) {
  const text = useExpertText();
  const format = useFormat();
  const block = (key: string, title: string, entity: CreativeRow['entity'], data: CreativeData, total = false) => (
    <Box key={key} data-creative={total ? undefined : entity?._id ?? ''} data-total={total || undefined} sx={{ py: 1, borderTop: 1, borderColor: 'divider', bgcolor: total ? 'action.hover' : undefined, px: total ? 1 : 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" data-col="name" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{title}</Typography>
        {entity && <PreviewLink id={entity._id} label={title} />}
      </Box>
      {entity && (
        <Typography variant="caption" color="text.secondary" component="p">
          <span data-col="size">{sizeOf(entity)}</span>{sizeOf(entity) && ' · '}<Box component="span" sx={{ fontFamily: 'monospace' }}>{entity._id.slice(0, 8)}…</Box> <CopyButton text={entity._id} label="app.action.copy_id" compact />
        </Typography>
      )}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, mt: 0.5, '& dd': { m: 0, textAlign: 'right' }, '& dt': { color: 'text.secondary' } }}>
        {([['impressions', format.count(data.impression)], ['clicks', format.count(data.click)],
          ['pc', `${format.count(data.pcConversions)} (${format.euros(data.pcConversionsValue)})`], ['pv', `${format.count(data.pvConversions)} (${format.euros(data.pvConversionsValue)})`]] as const)
          .map(([col, value]) => (
            <Box key={col} sx={{ display: 'contents', typography: 'body2' }}>
              <dt>{text(`creatives.${col}`)}</dt>
              <dd data-col={col}>{value}</dd>
            </Box>
          ))}
      </Box>
    </Box>
  );
  return (
    <>
      {channel.creatives.map((creative, index) => block(creative.entity?._id ?? `none-${index}`, creative.entity?.name ?? text('creatives.unknown'), creative.entity, creative.data))}
      {block('total', text('creatives.total', { channel: name }), null, channel.total, true)}
    </>
  );
}

function PreviewLink({ id, label }: { id: string; label: string }) {
  const text = useExpertText();
  return (
    <Tooltip title={text('creatives.preview_of', { name: label })}>
      <IconButton size="small" component="a" href={`/banner?id=${encodeURIComponent(id)}`} target="_blank" rel="noopener" aria-label={text('creatives.preview_of', { name: label })}>
        <OpenInNewIcon fontSize="inherit" />
      </IconButton>
    </Tooltip>
  );
}

function ChannelTable({ channel }: { channel: ChannelPerformance }) {
  const text = useExpertText();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const name = channel.name ?? channel.channel ?? text('creatives.unknown');
  return (
    <Box data-channel={channel.channel ?? ''} sx={{ mt: 1.5 }}>
      <Typography variant="subtitle2" component="h4">{name}</Typography>
      {phone ? <ChannelList channel={channel} name={name} /> : (
        <TableContainer>
          <Table size="small" sx={{ minWidth: 760 }}>
            <TableHead>
              <TableRow>
                <TableCell>{text('creatives.creative')}</TableCell>
                <TableCell>{text('creatives.size')}</TableCell>
                <TableCell>{text('creatives.id')}</TableCell>
                <TableCell align="right">{text('creatives.impressions')}</TableCell>
                <TableCell align="right">{text('creatives.clicks')}</TableCell>
                <TableCell align="right">{text('creatives.pc')} ({text('creatives.value')})</TableCell>
                <TableCell align="right">{text('creatives.pv')} ({text('creatives.value')})</TableCell>
                <TableCell padding="checkbox"><Box component="span" sx={visuallyHidden}>{text('creatives.preview')}</Box></TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {channel.creatives.map((creative, index) => {
                const id = creative.entity?._id;
                const label = creative.entity?.name ?? text('creatives.unknown');
                return (
                  <TableRow key={id ?? `none-${index}`} data-creative={id ?? ''} hover>
                    <TableCell data-col="name">{label}</TableCell>
                    <TableCell data-col="size" sx={{ whiteSpace: 'nowrap' }}>{sizeOf(creative.entity)}</TableCell>
                    <TableCell data-col="id" sx={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' }}>
                      {id && <>{id.slice(0, 8)}… <CopyButton text={id} label="app.action.copy_id" compact /></>}
                    </TableCell>
                    <Figures data={creative.data} />
                    <TableCell padding="checkbox">{id && <PreviewLink id={id} label={label} />}</TableCell>
                  </TableRow>
                );
              })}
              <TableRow data-total sx={{ '& td': { fontWeight: 600, borderBottom: 0 }, bgcolor: 'action.hover' }}>
                <TableCell colSpan={3}>{text('creatives.total', { channel: name })}</TableCell>
                <Figures data={channel.total} />
                <TableCell padding="checkbox" />
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

export function CreativePerformance({ items }: { items: LineItemPerformance[] }) {
  const text = useExpertText();
  return (
    <Box component="section" data-testid="creative-performance">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{text('creatives.title')}</Typography>
      {items.length === 0 && <Alert severity="info">{text('creatives.none')}</Alert>}
      <Box sx={{ display: 'grid', gap: 2 }}>
        {items.map((item) => (
          <Card key={item.lineItem ?? 'none'} data-lineitem={item.lineItem ?? ''}>
            <CardContent>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {item.entity ? text('creatives.lineitem', { name: item.entity.name ?? item.entity._id }) : text('creatives.no_lineitem')}
              </Typography>
              {item.channels.map((channel) => <ChannelTable key={channel.channel ?? ''} channel={channel} />)}
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
