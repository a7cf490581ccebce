import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { WalletCard } from '../components/WalletCard.tsx';

/** `?wallet`: the wallet's balance, its latest transactions and add funds. */
export default function Wallet() {
  return (
    <OverlayFrame title="Wallet" size="md">
      <WalletCard recent={10} />
    </OverlayFrame>
  );
}
