import { PhoneCall } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button, EmptyState, TextField } from '../../ui/index.ts';
import { OverlayFrame } from '../OverlayFrame.tsx';

/** `?selectNumber`: choose a phone number for the agent (search by area code). */
export default function SelectNumber() {
  const [areaCode, setAreaCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [searched, setSearched] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{3}$/.test(areaCode)) {
      setError('Please enter a 3-digit area code, e.g. 415.');
      return;
    }
    setError(null);
    setSearched(areaCode);
  }
  return (
    <OverlayFrame title="Choose a phone number" description="Callers reach your agent on this number." size="md">
      <form onSubmit={submit} noValidate className="flex items-end gap-2">
        <TextField
          label="Area code"
          inputMode="numeric"
          maxLength={3}
          placeholder="415"
          value={areaCode}
          onChange={(e) => setAreaCode(e.target.value.replace(/\D/g, ''))}
          error={error}
          fieldClassName="flex-1"
        />
        <Button type="submit" className={error ? 'mb-7' : ''}>
          Search
        </Button>
      </form>
      <EmptyState
        icon={<PhoneCall className="size-6" aria-hidden="true" />}
        title={searched ? `No numbers to show for ${searched} yet` : 'Search by area code'}
        message={searched ? 'Number purchasing opens with the numbers feature. Your search is not lost: try again soon.' : 'We list the free numbers in that area; pick one and it is yours in seconds.'}
        className="py-8"
      />
    </OverlayFrame>
  );
}
