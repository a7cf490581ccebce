import GetSupport from '../../../overlays/screens/Form.tsx';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { EmptyState } from '../../../ui/index.ts';
import { ContactSalesForm } from '../components/ContactSalesForm.tsx';
import { FeedbackForm } from '../components/FeedbackForm.tsx';

/**
 * `?form=<name>` (spec §2): `get-support` (the help button of brands without a support page, in the
 * shell), `feedback` and `contact-sales`, each sent to where the host's brand says.
 */
export default function Form(props: OverlayProps) {
  const page = props.params.get('page');
  if (props.value === 'get-support') return <GetSupport {...props} />;
  if (props.value === 'feedback') {
    return (
      <OverlayFrame title="Send feedback" description="Tell us what works and what does not. A person reads every message." size="md">
        <FeedbackForm page={page} onClose={props.close} />
      </OverlayFrame>
    );
  }
  if (props.value === 'contact-sales') {
    return (
      <OverlayFrame title="Contact sales" description="Plans for larger teams, resellers and custom setups." size="md">
        <ContactSalesForm onClose={props.close} />
      </OverlayFrame>
    );
  }
  return (
    <OverlayFrame title="Form" size="sm">
      <EmptyState title="There is no such form" message={`“${props.value}” is not a form of this app. The forms are get-support, feedback and contact-sales.`} />
    </OverlayFrame>
  );
}
