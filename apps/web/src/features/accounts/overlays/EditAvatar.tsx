import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@switchboard/core/constants';
import { ImageUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { OverlayFrame, useOverlay } from '../../../overlays/OverlayFrame.tsx';
import { Avatar, Button } from '../../../ui/index.ts';
import { errorText, useUploadPicture } from '../api.ts';
import { AccountGate, useOverlayAccount } from '../overlayParts/index.ts';
import { FormError } from '../parts.tsx';

/** ?editAvatar: pick a picture, see it, upload it (PNG, JPEG, WebP or GIF up to 5 MB). */
export default function EditAvatar() {
  const { close } = useOverlay();
  const { target } = useOverlayAccount();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const upload = useUploadPicture(target, file, {
    success: 'Picture saved',
    onSuccess: close,
    toastErrors: false,
  });

  function pick(f: File | undefined) {
    if (!f) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(f.type)) return setProblem('Choose a PNG, JPEG, WebP or GIF image.');
    if (f.size > AVATAR_MAX_BYTES) return setProblem('That image is larger than 5 MB. Choose a smaller one.');
    setProblem(null);
    setFile(f);
  }

  return (
    <AccountGate title="Profile picture">
      {(a) => (
        <OverlayFrame
          title="Profile picture"
          footer={
            <>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button onClick={() => upload.mutate(undefined)} disabled={!file} loading={upload.isPending}>
                Save picture
              </Button>
            </>
          }
        >
          <div className="flex flex-col items-center gap-4 py-2">
            <Avatar name={a.displayName} src={preview ?? a.profileImage} size="xl" className="size-28 text-3xl" />
            <p className="text-sm text-slate-600">
              {file ? `${file.name} · ${(file.size / 1024).toFixed(0)} KB` : 'PNG, JPEG, WebP or GIF, up to 5 MB.'}
            </p>
            <label className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg bg-white px-4 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset focus-within:ring-2 focus-within:ring-brand-600 hover:bg-slate-50">
              <input
                ref={input}
                type="file"
                accept={AVATAR_TYPES.join(',')}
                className="sr-only"
                onChange={(e) => pick(e.target.files?.[0])}
              />
              <ImageUp className="size-4" aria-hidden="true" /> {file ? 'Choose another picture' : 'Choose a picture'}
            </label>
            <FormError error={problem ?? (upload.error ? errorText(upload.error) : null)} />
          </div>
        </OverlayFrame>
      )}
    </AccountGate>
  );
}
