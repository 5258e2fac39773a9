import { RegistrationWizard } from '../../features/performer-onboarding/components/registration-wizard';

export default function PerformerRegisterRoute() {
  return <RegistrationWizard />;
}
