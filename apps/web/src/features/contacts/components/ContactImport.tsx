import { useId, useState } from 'react';
import { Upload } from 'lucide-react';
import { useImportContacts, type ImportResult } from '../api.ts';
import { PhoneContactsImport } from './PhoneContactsImport.tsx';

/** Imports a .csv or .vcf file (or, inside the mobile app, the phone's contacts); rows that could not be read are listed by line. */
export function ContactImport() {
  const id = useId();
  const [result, setResult] = useState<ImportResult | null>(null);
  const importer = useImportContacts(setResult);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const data = await file.text();
    const format = /\.(vcf|vcard)$/i.test(file.name) || data.trimStart().toUpperCase().startsWith('BEGIN:VCARD') ? 'vcard' : 'csv';
    importer.mutate({ format, data });
  };

  return (
    <div className="flex flex-col gap-2">
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-2 self-start rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50"
      >
        <Upload className="size-4" aria-hidden="true" />
        {importer.isPending ? 'Importing…' : 'Import CSV or vCard'}
        <input
          id={id}
          type="file"
          accept=".csv,.vcf,.vcard,text/csv,text/vcard"
          className="sr-only"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <PhoneContactsImport pending={importer.isPending} onImport={(data) => importer.mutate({ format: 'vcard', data })} />
      {result && result.errors.length > 0 ? (
        <div role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">
            {result.imported} imported; {result.errors.length} line{result.errors.length === 1 ? '' : 's'} skipped:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {result.errors.slice(0, 20).map((e) => (
              <li key={`${e.line}-${e.message}`}>
                Line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
