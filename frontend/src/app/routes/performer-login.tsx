import { PerformerLoginForm } from '../../features/performer-dashboard/components/performer-login-form';

export default function PerformerLoginRoute() {
  return <PerformerLoginForm />;
}
