import { Button } from 'antd-mobile';
import { CheckShieldOutline, HistogramOutline, UserContactOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { go } from '../../app/navigation';
import { LOGIN_PATH, MY_PATH } from '../../app/routes.config';
import { useUserStore } from '../../features/member/user.store';
import { getToken } from '../../lib/token-storage';

export default function IndexPage() {
  const { t } = useTranslation();
  const userInfo = useUserStore((state) => state.userInfo);
  const loggedIn = getToken() !== null;
  const features = [
    { icon: <HistogramOutline />, title: t('home.featureAuctionTitle'), text: t('home.featureAuctionText') },
    { icon: <CheckShieldOutline />, title: t('home.featureCustodyTitle'), text: t('home.featureCustodyText') },
    { icon: <UserContactOutline />, title: t('home.featureTrustTitle'), text: t('home.featureTrustText') },
  ];

  return (
    <div className="home" data-testid="home-page">
      <section className="home-hero">
        <div className="home-seal" aria-hidden="true">
          拾
        </div>
        <h1 className="home-brand" data-testid="home-brand">
          {t('common.brand')}
        </h1>
        <p className="home-tagline">{t('home.tagline')}</p>
        <p className="home-intro">{t('home.intro')}</p>
        {loggedIn ? (
          <>
            <p className="home-welcome">
              {userInfo ? t('home.welcome', { name: userInfo.nickname || userInfo.phone }) : t('home.guestWelcome')}
            </p>
            <div className="home-actions">
              <Button color="primary" shape="rounded" onClick={() => go(MY_PATH)} data-testid="home-my">
                {t('home.enterMy')}
              </Button>
            </div>
          </>
        ) : (
          <div className="home-actions">
            <Button color="primary" shape="rounded" onClick={() => go(LOGIN_PATH)} data-testid="home-login">
              {t('home.login')}
            </Button>
            <Button shape="rounded" onClick={() => go('/pages/register/register')} data-testid="home-register">
              {t('home.register')}
            </Button>
          </div>
        )}
      </section>

      <h2 className="section-title">{t('home.featuresTitle')}</h2>
      <div className="home-features">
        {features.map((feature) => (
          <article className="home-feature" key={feature.title}>
            <span className="home-feature-icon" aria-hidden="true">
              {feature.icon}
            </span>
            <div>
              <h3 className="home-feature-title">{feature.title}</h3>
              <p className="home-feature-text">{feature.text}</p>
            </div>
          </article>
        ))}
      </div>
      <p className="home-footer">{t('home.tagline')}</p>
    </div>
  );
}
