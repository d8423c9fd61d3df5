/**
 * Campaign Assets (SPEC section 2): the campaign's line items, creatives, bookings and contracts, one table per
 * type, each row with its id to copy, the edit link of the type's edit screen and the ids the external networks
 * gave it.
 */
import { Link } from 'react-router';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Card, CardContent, Chip, IconButton, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { channelByKey, resourceByName } from '@adsuite/config';
import { CopyButton, pathTo, useMayOpen } from '@adsuite/admin/kit';
import { ASSET_TYPES, sizeOf, type Asset, type AssetType } from './expertApi.ts';
import { visuallyHidden } from './styles.ts';
import { useExpertText } from './useExpertText.ts';

function AssetTable({ type, assets }: { type: AssetType; assets: Asset[] }) {
  const text = useExpertText();
  const mayOpen = useMayOpen();
  const editable = mayOpen(resourceByName[type].routes.edit);
  return (
    <Card data-assets={type} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {text(`assets.types.${type}`)} ({assets.length})
        </Typography>
        {assets.length === 0 ? (
          <Typography variant="body2" color="text.secondary">{text('assets.none')}</Typography>
        ) : (
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{text('assets.name')}</TableCell>
                  <TableCell sx={{ px: { xs: 0.5, sm: 2 } }}>{text('assets.id')}</TableCell>
                  <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}><Box component="span" sx={visuallyHidden}>{text('assets.actions')}</Box></TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {assets.map((asset) => (
                  <TableRow key={asset._id} data-asset={asset._id}>
                    <TableCell>
                      {asset.name}
                      {sizeOf(asset) && <Typography component="span" variant="body2" color="text.secondary"> {sizeOf(asset)}</Typography>}
                      {Object.entries(asset.externalIds).map(([channel, id]) => (
                        <Chip
                          key={channel}
                          size="small"
                          variant="outlined"
                          data-external={id}
                          label={`${channelByKey[channel]?.shortName ?? channel}: ${id}`}
                          title={text('assets.external', { id })}
                          sx={{ ml: 1, maxWidth: 220 }}
                        />
                      ))}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap', px: { xs: 0.5, sm: 2 } }}>
                      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>{asset._id.slice(0, 8)}… </Box>
                      <CopyButton text={asset._id} label="app.action.copy_id" compact />
                    </TableCell>
                    <TableCell align="right" sx={{ px: { xs: 0.5, sm: 2 } }}>
                      {editable && (
                        <Tooltip title={text('assets.edit')}>
                          <IconButton size="small" component={Link} to={pathTo(type, 'edit', asset._id)} aria-label={`${text('assets.edit')}: ${asset.name}`}>
                            <EditIcon fontSize="inherit" />
                          </IconButton>
                        </Tooltip>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}

export function CampaignAssets({ assets }: { assets: Record<AssetType, Asset[]> }) {
  const text = useExpertText();
  return (
    <Box component="section" data-testid="campaign-assets">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>{text('assets.title')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {ASSET_TYPES.map((type) => <AssetTable key={type} type={type} assets={assets[type] ?? []} />)}
      </Box>
    </Box>
  );
}
