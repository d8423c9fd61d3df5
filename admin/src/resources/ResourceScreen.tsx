/**
 * Glue between react-admin and the SPEC paths: the real screens render at each declaration's routes;
 * react-admin's own resource paths (`/banner`, `/banner/create`, `/banner/:id`) redirect there.
 */
import { Navigate, useParams } from 'react-router';
import { ResourceContextProvider, useResourceContext } from 'react-admin';
import { resourceByName } from '@adsuite/config';
import { ResourceCreate } from './ResourceCreate.tsx';
import { ResourceEdit } from './ResourceEdit.tsx';
import { ResourceList } from './ResourceList.tsx';
import { pathTo, type Screen } from './routes.ts';

const SCREENS = { list: ResourceList, create: ResourceCreate, edit: ResourceEdit };

interface ResourceScreenProps {
  resource: string;
  screen: Screen;
  /** A path parameter that presets the field of the same name on a new record (`/product/new/:catalog`). */
  param?: string;
}

export function ResourceScreen({ resource, screen, param }: ResourceScreenProps) {
  const Component = SCREENS[screen];
  return (
    <ResourceContextProvider value={resource}>
      <Component resource={resourceByName[resource]} param={param} />
    </ResourceContextProvider>
  );
}

function RedirectToSpecPath({ screen }: { screen: Screen }) {
  const resource = useResourceContext();
  const { id } = useParams();
  return <Navigate to={pathTo(resource!, screen, id)} replace />;
}

export const redirectsToSpecPaths = {
  list: () => <RedirectToSpecPath screen="list" />,
  create: () => <RedirectToSpecPath screen="create" />,
  edit: () => <RedirectToSpecPath screen="edit" />,
};
