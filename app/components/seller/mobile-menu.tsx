import { MenuDrawer } from "~/components/menu-drawer";
import { SiteLink } from "~/components/seller/site-link";

type NavItem = { to: string; label: string };

/** The seller site's slide-out menu on phones: the shared MenuDrawer with the site's links. */
export function MobileMenu({
  open,
  items,
  onClose,
  opener,
}: {
  open: boolean;
  items: NavItem[];
  onClose: () => void;
  opener?: React.RefObject<HTMLElement>;
}) {
  return (
    <MenuDrawer
      id="seller-mobile-menu"
      open={open}
      onClose={onClose}
      opener={opener}
      className="seller-drawer open"
      backdropClassName="seller-drawer-backdrop"
      closeClassName="seller-drawer-close"
    >
      <nav aria-label="Mobile">
        <ul>
          {items.map((l) => (
            <li key={l.label}>
              <SiteLink to={l.to} onClick={onClose}>
                {l.label}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </MenuDrawer>
  );
}
