import { AuthFlow } from './AuthFlow.tsx';

export default function SignInPage() {
  return <AuthFlow key="signin" mode="signin" />;
}
