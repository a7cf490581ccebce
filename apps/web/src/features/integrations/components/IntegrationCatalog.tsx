import { Plug } from 'lucide-react';
import { errorText } from '../../../api/mutation.ts';
import { EmptyState, ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useIntegrations } from '../api.ts';
import { IntegrationCard } from './IntegrationCard.tsx';

/** The integrations catalog with this account's connections; `open` expands one (the overlay's value). */
export function IntegrationCatalog({ target, open }: { target: number | null; open?: string | undefined }) {
  const list = useIntegrations(target);
  if (list.isLoading) return <LoadingBlock label="Loading integrations" />;
  if (list.isError) return <ErrorState message={errorText(list.error)} />;
  const items = list.data?.integrations ?? [];
  if (!items.length) return <EmptyState icon={<Plug className="size-5" aria-hidden />} title="No integrations yet" />;
  return (
    <ul className="grid items-start gap-3 lg:grid-cols-2" aria-label="Integrations">
      {items.map((i) => (
        <IntegrationCard key={i.integrationSlug} integration={i} target={target} open={open === i.integrationSlug} />
      ))}
    </ul>
  );
}
