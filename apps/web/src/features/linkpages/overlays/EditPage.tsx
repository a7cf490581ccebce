import { useActingAccount } from '../../../api/acting.ts';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import { LoadingBlock } from '../../../ui/index.ts';
import { LinkPageEditor } from '../components/LinkPageEditor.tsx';

/** ?editPage: the link-page editor in a side sheet (the "Link page" section has it with the preview). */
export default function EditPage() {
  const account = useActingAccount();
  return (
    <OverlayFrame title="Edit link page" size="sheet">
      {account.data ? (
        <LinkPageEditor name={account.data.displayName} image={account.data.profileImage} preview={false} />
      ) : (
        <LoadingBlock label="Loading" />
      )}
    </OverlayFrame>
  );
}
