/**
 * Set while an admin logs out: the navigation to / renders in a transition, after the session
 * store's synchronous sign-out, so for a moment the admin screens see a signed-out visitor. The guard
 * then draws nothing instead of redirecting to the admin login; it clears the flag when it unmounts.
 */
let leaving = false;

export const leaveAdminArea = () => {
  leaving = true;
};
export const isLeavingAdminArea = () => leaving;
export const stayInAdminArea = () => {
  leaving = false;
};
