import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/mutation.ts';
import { Button, Card, EmptyState, ErrorState } from '../../../ui/index.ts';

export function AccountError({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403 || status === 404) {
    return (
      <Card>
        <EmptyState
          icon={<ShieldAlert className="size-6" aria-hidden="true" />}
          title={status === 403 ? 'You do not have access to this account' : 'This account does not exist'}
          message={error.message}
          action={
            <Link to="/app" className="text-sm font-medium text-brand-700 hover:underline">
              Go to your account
            </Link>
          }
        />
      </Card>
    );
  }
  return (
    <ErrorState
      title="We could not load this account"
      message={error.message}
      action={
        <Button size="sm" onClick={() => location.reload()}>
          Try again
        </Button>
      }
    />
  );
}
