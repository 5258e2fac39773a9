import { Alert, Button, Container } from '@chakra-ui/react';
import { Navigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api-client';
import { AccountOverview } from '../../features/account/components/account-overview';
import { LevelPanel } from '../../features/account/components/level-panel';
import { useCurrentUser } from '../../features/account/hooks/use-current-user';
import { useUser } from '../../features/account/api/get-user';
import { AliasManager } from '../../features/aliases/components/alias-manager';
import { OfferBanner, useOfferBonusPercent } from '../../features/offers/components/offer-banner';
import { BuyPackages } from '../../features/wallet/components/buy-packages';
import { WalletLedger } from '../../features/wallet/components/wallet-ledger';

/**
 * /user: the signed-in user's area (docs/product.md#user-page): profile, live balance, level and progress, the
 * limited offer (only while one runs), the alias manager, the packages to buy, the wallet's movements
 * with their purchased and promotional auracoin. No stored user → /login.
 */
export default function UserRoute() {
  const { user, isConfirmed, error } = useCurrentUser();
  const { refetch, isFetching } = useUser(user?.id);
  const offerBonusPercent = useOfferBonusPercent();

  if (!user) return <Navigate to="/login" replace />;

  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <title>La tua area · Aura</title>
      {error ? (
        <Alert.Root status="warning" mb="6" rounded="xl">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Non è stato possibile aggiornare i dati del tuo account.</Alert.Title>
            <Alert.Description>{errorMessage(error)}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" alignSelf="center" loading={isFetching} onClick={() => void refetch()}>
            Riprova
          </Button>
        </Alert.Root>
      ) : null}
      <AccountOverview user={user} isRefreshing={!isConfirmed}>
        <LevelPanel totalSpent={user.totalAuracoinSpent} />
        <OfferBanner />
        <AliasManager userId={user.id} balance={user.auracoinBalance} onPurchased={() => void refetch()} />
        <BuyPackages
          totalSpent={user.totalAuracoinSpent}
          offerBonusPercent={offerBonusPercent}
          onPaid={() => void refetch()}
        />
        <WalletLedger userId={user.id} balance={user.auracoinBalance} />
      </AccountOverview>
    </Container>
  );
}
