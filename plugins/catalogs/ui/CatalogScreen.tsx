/**
 * The catalog screen at /catalog/edit/:id: the generated form of the catalog (name, advertiser, source, feed URL,
 * data type, compression, delimiter), then its import (ImportPanel) and its products (CatalogProducts).
 */
import { Box } from '@mui/material';
import { useParams } from 'react-router';
import { useGetOne } from 'react-admin';
import { ResourceScreen, useCan } from '@adsuite/admin/kit';
import { CatalogProducts } from './CatalogProducts.tsx';
import { ImportPanel } from './ImportPanel.tsx';

export function CatalogScreen() {
  const { id = '' } = useParams();
  const can = useCan();
  const { data: record } = useGetOne('catalog', { id }, { enabled: Boolean(id) });
  const writable = Boolean(record) && can('update', 'catalog', record);
  return (
    <Box sx={{ pb: 3 }}>
      <ResourceScreen resource="catalog" screen="edit" />
      {record && <ImportPanel id={id} record={record} />}
      {record && <CatalogProducts id={id} writable={writable} />}
    </Box>
  );
}
