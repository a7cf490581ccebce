import GetSupport from '../../../overlays/screens/Form.tsx';
import { OverlayFrame } from '../../../overlays/OverlayFrame.tsx';
import type { OverlayProps } from '../../../overlays/registry.ts';
import { useOpenOverlay } from '../../../overlays/open.ts';
import { Button } from '../../../ui/index.ts';
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
  return <WhichForm value={props.value} />;
}

/** `?form=true` (or an unknown name): the three forms to choose from, rather than a dead end. */
function WhichForm({ value }: { value: string }) {
  const open = useOpenOverlay();
  const known = value === '' || value === 'true';
  return (
    <OverlayFrame
      title="Write to us"
      description={known ? 'Which would you like to send?' : `There is no form called “${value}”. Which would you like to send?`}
      size="sm"
    >
      <div className="flex flex-col gap-2">
        <Button data-autofocus onClick={() => open('form', 'get-support')}>
          Get support
        </Button>
        <Button variant="secondary" onClick={() => open('form', 'feedback')}>
          Send feedback
        </Button>
        <Button variant="secondary" onClick={() => open('form', 'contact-sales')}>
          Contact sales
        </Button>
      </div>
    </OverlayFrame>
  );
}
