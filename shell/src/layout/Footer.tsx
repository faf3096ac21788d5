import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { emailError } from '@store/contracts/rules';
import { getErrorMessage, getFieldErrors } from '@store/http';
import {
  Button,
  Container,
  FacebookIcon,
  InstagramIcon,
  LinkedinIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  TwitterIcon,
  YoutubeIcon,
  toast,
} from '@store/ui';
import { subscribeNewsletter } from './api/subscribe-newsletter';

const Foot = styled.footer`
  margin-top: ${({ theme }) => theme.space[10]};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  a {
    color: inherit;
    opacity: 0.8;
    text-decoration: none;
    &:hover {
      opacity: 1;
      text-decoration: underline;
    }
  }
`;
const Newsletter = styled.section`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space[6]};
  align-items: center;
  padding: ${({ theme }) => `${theme.space[8]} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.onDarkBorder};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  p {
    margin: 0;
    opacity: 0.75;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
const NewsForm = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[2]};
  div {
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
  }
  input {
    flex: 1;
    width: 100%;
    min-width: 0;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.onDarkFieldBorder};
    background: ${({ theme }) => theme.colors.onDarkField};
    color: inherit;
    &::placeholder {
      color: ${({ theme }) => theme.colors.onDarkMuted};
    }
  }
  small {
    opacity: 0.7;
    /* A link inside a sentence needs more than colour to stand out. */
    a {
      text-decoration: underline;
    }
  }
`;
const NewsError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.onDarkDanger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const Columns = styled.div`
  display: grid;
  grid-template-columns: 1.4fr repeat(3, 1fr);
  gap: ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => `${theme.space[8]} 0`};
  h3 {
    margin: 0 0 ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[2]};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
const Bottom = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => `${theme.space[4]} 0 ${theme.space[6]}`};
  border-top: 1px solid ${({ theme }) => theme.colors.onDarkBorder};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const Social = styled.ul`
  list-style: none;
  display: flex;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
`;
const Badges = styled.ul`
  list-style: none;
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  li {
    width: 2.25rem;
    height: 1.5rem;
    display: grid;
    place-items: center;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.onPrimary};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 800;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const company: [string, string][] = [
  ['/', 'Home'],
  ['/products', 'Products'],
  ['/account', 'My account'],
  ['/cart', 'Cart'],
  ['/wishlist', 'Wishlist'],
];
const service: [string, string][] = [
  ['/contact', 'Contact us'],
  ['/faq', 'FAQ'],
  ['/shipping', 'Shipping'],
  ['/returns', 'Returns'],
  ['/size-guide', 'Size guide'],
];
const legal: [string, string][] = [
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/cookies', 'Cookie Policy'],
  ['/accessibility', 'Accessibility'],
];
const socials = [
  ['Facebook', FacebookIcon],
  ['Twitter', TwitterIcon],
  ['Instagram', InstagramIcon],
  ['LinkedIn', LinkedinIcon],
  ['YouTube', YoutubeIcon],
] as const;

function LinkList({ title, links }: { title: string; links: [string, string][] }) {
  return (
    <nav aria-label={title}>
      <h3>{title}</h3>
      <ul>
        {links.map(([href, label]) => (
          <li key={href}>
            <a href={href}>{label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  /** POST newsletter/subscribe records the address and the consent the line below the field asks for. */
  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const invalid = emailError(value);
    setError(invalid);
    if (invalid) return;
    setPending(true);
    try {
      const data = await subscribeNewsletter({ email: value });
      setEmail('');
      toast.success(data.message);
    } catch (err) {
      setError(getFieldErrors(err).email ?? getErrorMessage(err, 'You could not be subscribed. Please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Foot data-boundary="shell">
      <Container>
        <Newsletter aria-labelledby="newsletter-title">
          <div>
            <h2 id="newsletter-title">Stay in the loop</h2>
            <p>New arrivals, offers and style notes, once a week.</p>
          </div>
          <NewsForm onSubmit={(event) => void subscribe(event)} noValidate>
            <div>
              <input
                type="email"
                aria-label="Email address"
                placeholder="Enter your email address"
                value={email}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setEmail(e.target.value)}
              />
              <Button type="submit" $variant="secondary" disabled={pending}>
                {pending ? 'Subscribing…' : 'Subscribe'}
              </Button>
            </div>
            {error && <NewsError role="alert">{error}</NewsError>}
            <small>
              By subscribing you agree to our <a href="/privacy">Privacy Policy</a> and consent to receive updates from
              our company.
            </small>
          </NewsForm>
        </Newsletter>
        <Columns>
          <div>
            <h3>Contact</h3>
            <ul>
              <li>
                <MailIcon size={16} /> support@store.example
              </li>
              <li>
                <PhoneIcon size={16} /> +1 (555) 010-0100
              </li>
              <li>
                <MapPinIcon size={16} /> 100 Market Street, Springfield
              </li>
            </ul>
          </div>
          <LinkList title="Company" links={company} />
          <LinkList title="Customer service" links={service} />
          <LinkList title="Legal" links={legal} />
        </Columns>
        <Bottom>
          <span>© {new Date().getFullYear()} Store. All rights reserved.</span>
          <Social aria-label="Social media">
            {socials.map(([name, Icon]) => (
              <li key={name}>
                <a href="#" aria-label={name}>
                  <Icon size={18} />
                </a>
              </li>
            ))}
          </Social>
          <Badges aria-label="Accepted payment methods">
            {['V', 'M', 'P'].map((b) => (
              <li key={b}>{b}</li>
            ))}
          </Badges>
        </Bottom>
      </Container>
    </Foot>
  );
}
