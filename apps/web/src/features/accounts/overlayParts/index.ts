// The shared bodies of the account overlays (info, preview, create, single-field edit, verify), one
// component per file, used by the many overlay keys of spec §2 through small wrappers in overlays/.
export { useAccountUrl, useOverlayAccount, type TreeType } from './hooks.ts';
export { AccountGate } from './AccountGate.tsx';
export { AccountHeading } from './AccountHeading.tsx';
export { AccountInfoOverlay } from './AccountInfoOverlay.tsx';
export { AccountPreviewOverlay } from './AccountPreviewOverlay.tsx';
export { CreateAccountOverlay } from './CreateAccountOverlay.tsx';
export { SingleFieldOverlay } from './SingleFieldOverlay.tsx';
export { VerifyOverlay } from './VerifyOverlay.tsx';
