import { AuthFlow } from './AuthFlow.tsx';

export default function SignUpPage() {
  return <AuthFlow key="signup" mode="signup" />;
}
