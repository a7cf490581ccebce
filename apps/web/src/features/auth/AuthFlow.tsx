import { ArrowLeft } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/mutation.ts';
import { useAuthCalls, useOutboxAvailable } from './api.ts';
import { useSession } from '../../api/hooks.ts';
import { saveSession } from '../../api/session.ts';
import { useBrand } from '../../shell/api.ts';
import { isMobileSession } from '../../shell/mobile.ts';
import { Button, TextField } from '../../ui/index.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { METHOD_PANEL_ID, MethodTabs, type Method } from './Tabs.tsx';
import { useTitle } from '../../shell/useTitle.ts';

type Mode = 'signin' | 'signup';
type Errors = Partial<Record<'email' | 'name' | 'businessName' | 'phoneNumber' | 'verificationCode' | 'form', string>>;

const copy = {
  signin: { title: 'Sign in', subtitle: 'We send you a 6-digit code. No password needed.', submit: 'Send code' },
  signup: { title: 'Create your account', subtitle: 'Set up your AI phone agent in minutes.', submit: 'Create account' },
};

/**
 * Maps an API error onto the field it names, or onto the form. An address the server does not know
 * (404 on sign-in) belongs to the address field.
 */
function toErrors(e: unknown, addressField?: 'email' | 'phoneNumber'): Errors {
  if (e instanceof ApiError) {
    const f = (e.field ?? (e.status === 404 ? addressField : undefined)) as keyof Errors | undefined;
    if (f && ['email', 'name', 'businessName', 'phoneNumber', 'verificationCode'].includes(f)) return { [f]: e.fieldMessage };
    return { form: e.message };
  }
  return { form: 'Something went wrong. Please try again.' };
}

/** Sign-in and sign-up, by e-mail or phone: the address step, then the code step. */
export function AuthFlow({ mode }: { mode: Mode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const authCalls = useAuthCalls();
  const brand = useBrand();
  useTitle(mode === 'signin' ? 'Sign in' : 'Create your account');
  const [method, setMethod] = useState<Method>(params.get('method') === 'phone' ? 'phone' : 'email');
  const [step, setStep] = useState<'start' | 'code'>('start');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [name, setName] = useState('');
  const [businessName, setBusinessName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const next = params.get('next');
  // The invite link's referral code (`/app/signup?ref=`): sent with the sign-up so it is attributed.
  const ref = params.get('ref')?.slice(0, 64) || undefined;
  const destination = next && next.startsWith('/') && !next.startsWith('//') ? next : '/app';
  const address = method === 'email' ? email.trim() : phoneNumber.trim();
  const { token } = useSession();

  async function sendCode() {
    if (method === 'email') {
      if (mode === 'signup') {
        await authCalls.signUpEmail({
          email: email.trim(),
          name: name.trim() || undefined,
          businessName: businessName.trim() || undefined,
          ref,
        });
      } else {
        await authCalls.signInEmail(email.trim());
      }
    } else {
      await authCalls.signInPhone(phoneNumber.trim(), ref);
    }
  }

  async function onStart(e: FormEvent) {
    e.preventDefault();
    const local: Errors = {};
    if (method === 'email' && !email.trim()) local.email = 'Please enter your e-mail address.';
    if (method === 'phone' && !phoneNumber.trim()) local.phoneNumber = 'Please enter your phone number.';
    setErrors(local);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      await sendCode();
      setStep('code');
      setCode('');
      setNotice(null);
    } catch (err) {
      setErrors(toErrors(err, method === 'email' ? 'email' : 'phoneNumber'));
    } finally {
      setBusy(false);
    }
  }

  async function onVerify(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setErrors({ verificationCode: 'Please enter the 6-digit code.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const mobile = isMobileSession();
      const session =
        method === 'email'
          ? await authCalls.verifyEmail(email.trim(), code.trim(), mobile)
          : await authCalls.verifyPhone(phoneNumber.trim(), code.trim(), mobile);
      authCalls.clearQueries();
      saveSession(session);
      navigate(destination, { replace: true });
    } catch (err) {
      setErrors(toErrors(err));
      setBusy(false);
    }
  }

  async function resend() {
    setBusy(true);
    setErrors({});
    try {
      await sendCode();
      setNotice('We sent a new code.');
    } catch (err) {
      setErrors(toErrors(err));
    } finally {
      setBusy(false);
    }
  }

  const other =
    mode === 'signin'
      ? { to: '/app/signup', text: brand.genericBrand ? 'New here?' : `New to ${brand.name}?`, link: 'Create an account' }
      : { to: '/app/signin', text: 'Already have an account?', link: 'Sign in' };

  // Already signed in (and not in the middle of this flow): go where the page was meant to lead.
  if (token && step === 'start' && !busy) return <Navigate to={destination} replace />;

  if (step === 'code') {
    return (
      <AuthLayout
        title="Enter your code"
        subtitle={
          <>
            We sent a 6-digit code to <strong className="font-medium text-slate-900">{address}</strong>. It expires in 10 minutes.
          </>
        }
        footer={<OutboxHint />}
      >
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
          <TextField
            label="Verification code"
            name="verificationCode"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            placeholder="123456"
            className="text-center font-mono text-2xl! tracking-[0.5em]"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            error={errors.verificationCode}
          />
          {errors.form && <FormError message={errors.form} />}
          {notice && (
            <p role="status" className="text-sm text-emerald-700">
              {notice}
            </p>
          )}
          <Button type="submit" size="lg" block loading={busy}>
            {mode === 'signup' ? 'Verify and continue' : 'Sign in'}
          </Button>
          <div className="flex items-center justify-between text-sm">
            <Button
              variant="link"
              size="sm"
              onClick={() => {
                setStep('start');
                setErrors({});
              }}
            >
              <ArrowLeft className="size-4" aria-hidden="true" /> Change {method === 'email' ? 'e-mail' : 'number'}
            </Button>
            <Button variant="link" size="sm" onClick={resend} disabled={busy}>
              Send a new code
            </Button>
          </div>
        </form>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={mode === 'signin' && !brand.genericBrand ? `Sign in to ${brand.name}` : copy[mode].title}
      subtitle={copy[mode].subtitle}
      footer={
        <>
          {other.text}{' '}
          <Link
            to={email.trim() ? `${other.to}?email=${encodeURIComponent(email.trim())}` : other.to}
            className="font-medium text-brand-700 hover:underline"
          >
            {other.link}
          </Link>
        </>
      }
    >
      <MethodTabs
        value={method}
        onChange={(m) => {
          setMethod(m);
          setErrors({});
        }}
      />
      {/* The tab panel wraps the form: a form may not take the tabpanel role itself. */}
      <div id={METHOD_PANEL_ID} role="tabpanel" aria-labelledby={`auth-tab-${method}`}>
        <form onSubmit={onStart} noValidate className="flex flex-col gap-4">
          {method === 'email' ? (
            <>
              {mode === 'signup' && (
                <>
                  <TextField
                    label="Your name"
                    name="name"
                    autoComplete="name"
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    error={errors.name}
                  />
                  <TextField
                    label="Business name"
                    name="businessName"
                    autoComplete="organization"
                    value={businessName}
                    onChange={(e) => setBusinessName(e.target.value)}
                    error={errors.businessName}
                    hint="Shown to your callers. You can change it later."
                  />
                </>
              )}
              <TextField
                label="E-mail"
                name="email"
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder="you@company.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                error={errors.email}
              />
            </>
          ) : (
            <TextField
              label="Phone number"
              name="phoneNumber"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+1 415 555 0100"
              value={phoneNumber}
              onChange={(e) => setPhoneNumber(e.target.value)}
              error={errors.phoneNumber}
              hint={mode === 'signup' ? 'We text you a code. A new number creates a new account.' : 'We text you a code.'}
            />
          )}
          {errors.form && <FormError message={errors.form} />}
          <Button type="submit" size="lg" block loading={busy}>
            {method === 'phone' ? 'Text me a code' : copy[mode].submit}
          </Button>
        </form>
      </div>
    </AuthLayout>
  );
}

function FormError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

/** Local development: the code is in the local outbox (the debug overlay). */
function OutboxHint() {
  const [params] = useSearchParams();
  // Only while the local providers keep an outbox (it answers 404 once real e-mail/SMS are set up).
  const outbox = useOutboxAvailable();
  if (!outbox.data) return null;
  const q = new URLSearchParams(params);
  q.set('debug', 'true');
  return (
    <span>
      Running locally?{' '}
      <Link to={{ search: q.toString() }} className="font-medium text-brand-700 hover:underline">
        Open the local outbox
      </Link>
    </span>
  );
}
