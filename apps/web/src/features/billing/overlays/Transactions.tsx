import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { errorText } from '../../../api/mutation.ts';
import { ErrorState, LoadingBlock } from '../../../ui/index.ts';
import { useWallet } from '../api.ts';
import { TransactionList } from '../components/TransactionList.tsx';

/** `?transactions`: every recent transaction of the wallet. */
export default function Transactions() {
  const wallet = useWallet();
  return (
    <OverlayFrame title="Transactions" description="The latest 50 movements of your wallet, and plans paid by card." size="md">
      {wallet.isPending ? (
        <LoadingBlock label="Loading transactions" />
      ) : wallet.isError ? (
        <ErrorState title="Could not load the transactions" message={errorText(wallet.error)} />
      ) : (
        <TransactionList transactions={wallet.data.transactions} />
      )}
    </OverlayFrame>
  );
}
