export { accessToken, cartLines, recordToasts, resetSession, setCart, signIn } from './session';
export { currentLocation, LocationProbe, renderWithProviders } from './renderWithProviders';
export type { RenderOptions } from './renderWithProviders';
export { answerGate, closeTestServer, replyingApiPerTest, startApi, waitInRealTime } from './testApi';
export type { Reply, TestApi } from './testApi';
export {
  address,
  cartItem,
  order,
  orderLine,
  productCard,
  productDetail,
  productSummary,
  userProfile,
  variant,
} from './fixtures';
