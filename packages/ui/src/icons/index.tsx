import type { SVGProps } from 'react';

export interface IconProps extends SVGProps<SVGSVGElement> {
  size?: number;
}

/** Decorative icons: hidden from assistive technology; the control around them carries the name. */
function make(name: string, paths: string) {
  const Icon = ({ size = 20, ...props }: IconProps) => (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
      dangerouslySetInnerHTML={{ __html: paths }}
    />
  );
  Icon.displayName = `${name}Icon`;
  return Icon;
}

export const CartIcon = make(
  'Cart',
  '<circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.3h8.7a1.5 1.5 0 0 0 1.5-1.2L21 8H6.2"/>',
);
export const HeartIcon = make(
  'Heart',
  '<path d="M12 20s-7-4.4-9.3-8.8C1.1 8 3 4.5 6.5 4.5c2 0 3.5 1.2 5.5 3.5 2-2.3 3.5-3.5 5.5-3.5C21 4.5 22.9 8 21.3 11.2 19 15.6 12 20 12 20z"/>',
);
export const HeartFilledIcon = make(
  'HeartFilled',
  '<path fill="currentColor" d="M12 20s-7-4.4-9.3-8.8C1.1 8 3 4.5 6.5 4.5c2 0 3.5 1.2 5.5 3.5 2-2.3 3.5-3.5 5.5-3.5C21 4.5 22.9 8 21.3 11.2 19 15.6 12 20 12 20z"/>',
);
export const SearchIcon = make('Search', '<circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/>');
export const UserIcon = make('User', '<circle cx="12" cy="8" r="4"/><path d="M4 21c0-4 3.6-7 8-7s8 3 8 7"/>');
export const MenuIcon = make('Menu', '<path d="M4 6h16M4 12h16M4 18h16"/>');
export const CloseIcon = make('Close', '<path d="M6 6l12 12M18 6 6 18"/>');
export const ChevronDownIcon = make('ChevronDown', '<path d="m6 9 6 6 6-6"/>');
export const ChevronLeftIcon = make('ChevronLeft', '<path d="m15 6-6 6 6 6"/>');
export const EyeIcon = make(
  'Eye',
  '<path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"/><circle cx="12" cy="12" r="3"/>',
);
export const EyeOffIcon = make(
  'EyeOff',
  '<path d="M3 3l18 18"/><path d="M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.6 9.6 0 0 0 5.4-1.6"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/>',
);
export const FacebookIcon = make(
  'Facebook',
  '<path d="M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8a0 0 0 0 1 0 0z"/>',
);
export const TwitterIcon = make('Twitter', '<path d="M4 4l16 16M20 4 4 20"/>');
export const InstagramIcon = make(
  'Instagram',
  '<rect x="3" y="3" width="18" height="18" rx="5"/><circle cx="12" cy="12" r="4"/><circle cx="17.5" cy="6.5" r="0.8" fill="currentColor"/>',
);
export const LinkedinIcon = make(
  'Linkedin',
  '<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M8 10v7M8 7v.01M12 17v-4a2 2 0 0 1 4 0v4M12 10v7"/>',
);
export const YoutubeIcon = make(
  'Youtube',
  '<rect x="2" y="5" width="20" height="14" rx="4"/><path d="m10 9 5 3-5 3z" fill="currentColor"/>',
);
export const MailIcon = make('Mail', '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="m3 7 9 6 9-6"/>');
export const PhoneIcon = make(
  'Phone',
  '<path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2"/>',
);
export const MapPinIcon = make(
  'MapPin',
  '<path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z"/><circle cx="12" cy="9.5" r="2.5"/>',
);
export const CheckIcon = make('Check', '<path d="m5 12 5 5 9-10"/>');
export const TrashIcon = make('Trash', '<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"/>');
export const PlusIcon = make('Plus', '<path d="M12 5v14M5 12h14"/>');
export const MinusIcon = make('Minus', '<path d="M5 12h14"/>');
