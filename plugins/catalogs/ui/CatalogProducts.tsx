/**
 * The catalog's products (SPEC section 6: /product/new/{catalog}, /product/edit/{id}): ten per page by name, each
 * opening its edit screen; a button adds one by hand, a link opens the full product list filtered to the catalog.
 */
import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useDataProvider } from 'react-admin';
import { formatEuros } from '@adsuite/config/i18n/format';
import { DEFAULT_PAGE_SIZE } from '@adsuite/config';
import { useText } from './useText.ts';

export function CatalogProducts({ id, writable }: { id: string; writable: boolean }) {
  const text = useText();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const [page, setPage] = useState(1);
  const products = useQuery({
    queryKey: ['catalogs', 'products', id, page],
    queryFn: () => dataProvider.getList('product', { filter: { catalog: id }, pagination: { page, perPage: DEFAULT_PAGE_SIZE }, sort: { field: 'name', order: 'ASC' } }),
  });
  const rows = products.data?.data ?? [];
  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE));

  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="catalog-products">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} justifyContent="space-between" alignItems={{ xs: 'flex-start', sm: 'center' }} sx={{ mb: 1 }}>
          <Typography variant="h6">{text('products.title')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ xs: 'flex-start', sm: 'center' }}>
            <Button component={RouterLink} to={`/products?catalog=${encodeURIComponent(id)}`}>{text('products.all')}</Button>
            {writable && <Button variant="outlined" startIcon={<AddIcon />} component={RouterLink} to={`/product/new/${encodeURIComponent(id)}`}>{text('products.add')}</Button>}
          </Stack>
        </Stack>
        {!products.isLoading && rows.length === 0 ? (
          <Typography color="text.secondary">{text('products.empty')}</Typography>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{text('products.id')}</TableCell>
                  <TableCell>{text('products.name')}</TableCell>
                  <TableCell align="right">{text('products.price')}</TableCell>
                  <TableCell>{text('products.available')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/product/edit/${row.id}`)}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.productId}</TableCell>
                    <TableCell>{row.name}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{row.price === null || row.price === undefined ? '' : formatEuros(Number(row.price))}</TableCell>
                    <TableCell>{row.available === false ? text('products.no') : text('products.yes')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        {pages > 1 && (
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="flex-end" sx={{ mt: 1 }}>
            <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>{text('products.previous')}</Button>
            <Typography variant="body2">{text('products.page', { page, pages })}</Typography>
            <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>{text('products.next')}</Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
