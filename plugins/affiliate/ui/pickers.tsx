/**
 * The wizard's pickers (SPEC section 2 "Affiliate wizard"): one country of /targeting/country (stored as a list of
 * one ISO code) and the categories of /targeting/category, whose value joins id and code (`id|||code`).
 */
import { useQuery } from '@tanstack/react-query';
import { AutocompleteArrayInput, AutocompleteInput, type Validator } from 'react-admin';
import { useLocaleState } from 'react-admin';
import { fetchCategories, fetchCountries } from './api.ts';

interface PickerProps {
  label: string;
  validate?: Validator | Validator[];
}

export function CountryInput({ label, validate }: PickerProps) {
  const [locale] = useLocaleState();
  // The server names the countries in the request's language.
  const { data = [], isPending } = useQuery({ queryKey: ['targeting', 'country', locale], queryFn: fetchCountries, staleTime: 300_000 });
  const choices = data.map((country) => ({ id: country.alpha2, name: `${country.name} (${country.alpha2})` }));
  return (
    <AutocompleteInput
      source="countries" label={label} choices={choices} isPending={isPending} validate={validate} fullWidth
      format={(value: unknown) => (Array.isArray(value) ? value[0] ?? '' : value ?? '')}
      parse={(value: unknown) => (value ? [value] : [])}
    />
  );
}

export function CategoriesInput({ label, validate }: PickerProps) {
  const { data = [], isPending } = useQuery({ queryKey: ['targeting', 'category'], queryFn: fetchCategories, staleTime: 300_000 });
  const choices = data.map((category) => ({ id: `${category.id}|||${category.attributes.code}`, name: `${category.attributes.name} (${category.attributes.code})` }));
  return <AutocompleteArrayInput source="categories" label={label} choices={choices} isPending={isPending} validate={validate} fullWidth />;
}
