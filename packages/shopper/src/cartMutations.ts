import type { CartItem, CartResponse, ProductSummary, Variant } from '@store/contracts';
import { http, MutationObserver, queryClient, queryKeys, type MutationOptions } from '@store/http';
import { addLine, findLine, removeLine, restoreLine, setLineQuantity } from './cartLines';

/**
 * The cart's one copy on the page is the `queryKeys.cart` query (its lines). Every change is a
 * TanStack mutation under `cartMutationKey`: it changes the cached lines at once (synchronously, in
 * the click), then calls the server. Calls for one line share a scope (`cart-line-<variantId>`), so
 * TanStack runs them one after another in click order; different lines go in parallel. A failed call
 * undoes only its own change. When the last pending call settles, the server's answer becomes the
 * cart, or, when something failed or several lines changed at once (answers may arrive out of the
 * server's order), the cart is read again.
 */
export const cartMutationKey = ['cart'] as const;

export const readCart = (): CartItem[] => queryClient.getQueryData<CartItem[]>(queryKeys.cart) ?? [];

function writeCart(update: (cart: CartItem[]) => CartItem[]) {
  queryClient.setQueryData<CartItem[]>(queryKeys.cart, (old) => update(old ?? []));
}

const cartCallsPending = () => queryClient.isMutating({ mutationKey: cartMutationKey });

/** A server cart read (a `users/me` answer) becomes the cart, unless cart calls are pending: they are newer. */
export function seedCart(items: CartItem[]) {
  if (cartCallsPending() === 0) queryClient.setQueryData<CartItem[]>(queryKeys.cart, items);
}

/** The scopes that had calls since the cart was last settled. */
const scopesInBurst = new Set<string>();

const lineScope = (variantId: number) => `cart-line-${variantId}`;
const CLEAR_SCOPE = 'cart-clear';

function begin(scope: string) {
  scopesInBurst.add(scope);
  // A cart or profile read already on its way describes the cart before this change: drop it.
  void queryClient.cancelQueries({ queryKey: queryKeys.cart });
  void queryClient.cancelQueries({ queryKey: queryKeys.profile });
}

function settle(answer: CartResponse | null | undefined, error: unknown) {
  // This call still counts as pending here: 1 means it is the last.
  if (cartCallsPending() > 1) return;
  const severalLines = scopesInBurst.size > 1;
  scopesInBurst.clear();
  if (error || severalLines || !answer) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.cart });
    return;
  }
  queryClient.setQueryData<CartItem[]>(queryKeys.cart, answer.cart.cart_items);
  // A first profile read cancelled by these calls: read it again now that nothing is pending.
  if (queryClient.getQueryData(queryKeys.profile) === undefined) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
  }
}

type Kind = 'add' | 'set' | 'remove' | 'clear';

/** A cart call: the change on the page, the request, and how to undo the change when the request fails. */
interface CartCall<V, C> {
  change: (variables: V) => C;
  send: (variables: V) => Promise<CartResponse | null>;
  undo: (variables: V, changed: C) => void;
}

/** Runs one cart call as a mutation in `scope`; resolves to the server's answer (null: not sent, superseded). */
async function run<V, C>(kind: Kind, scope: string, call: CartCall<V, C>, variables: V) {
  const options: MutationOptions<CartResponse | null, unknown, V, C> = {
    mutationKey: cartMutationKey,
    scope: { id: scope },
    meta: { kind },
    onMutate: (vars) => {
      // The change itself comes first, synchronously: the badge moves in the same click.
      const changed = call.change(vars);
      begin(scope);
      return changed;
    },
    mutationFn: call.send,
    onError: (_error, vars, changed) => {
      if (changed !== undefined) call.undo(vars, changed);
    },
    onSettled: (answer, error) => settle(answer, error),
  };
  const observer = new MutationObserver(queryClient, options);
  try {
    return await observer.mutate(variables);
  } finally {
    // Lets the settled mutation leave the cache.
    observer.reset();
  }
}

/** A quantity change waiting behind a later change of the same line need not be sent: the later one decides. */
function superseded(variables: unknown, scope: string) {
  const queued = queryClient
    .getMutationCache()
    .findAll({ mutationKey: cartMutationKey, status: 'pending', predicate: (m) => m.options.scope?.id === scope });
  const mine = queued.find((m) => m.state.variables === variables);
  return queued.some(
    (m) =>
      mine !== undefined &&
      m.mutationId > mine.mutationId &&
      (m.options.meta?.kind === 'set' || m.options.meta?.kind === 'remove'),
  );
}

export interface AddOne {
  product: ProductSummary & { image: string };
  variant: Variant;
  /** The adds of one click: after one fails, the rest are not sent. */
  batch: { error?: unknown };
}

/** One more of a variant (the API adds one per call; no quantity is sent). */
export function addOne(variables: AddOne) {
  const { product, variant } = variables;
  return run<AddOne, true>(
    'add',
    lineScope(variant.id),
    {
      change: () => {
        writeCart((cart) => addLine(cart, { product, variant }, 1));
        return true;
      },
      send: async ({ batch }) => {
        if (batch.error !== undefined) throw batch.error;
        try {
          return (
            await http.post<CartResponse>('products/add-to-cart', { product_id: product.id, variant_id: variant.id })
          ).data;
        } catch (error) {
          batch.error = error;
          throw error;
        }
      },
      undo: () =>
        writeCart((cart) => {
          const line = findLine(cart, product.id, variant.id);
          return line ? setLineQuantity(cart, product.id, variant.id, line.quantity - 1) : cart;
        }),
    },
    variables,
  );
}

export interface LineQuantity {
  productId: number;
  variantId: number;
  quantity: number;
}

export function setQuantity(variables: LineQuantity) {
  const { productId, variantId, quantity } = variables;
  const scope = lineScope(variantId);
  return run<LineQuantity, { before?: number }>(
    'set',
    scope,
    {
      change: () => {
        const before = findLine(readCart(), productId, variantId)?.quantity;
        writeCart((cart) => setLineQuantity(cart, productId, variantId, quantity));
        return { before };
      },
      send: async (vars) =>
        superseded(vars, scope)
          ? null
          : (await http.put<CartResponse>(`products/update-cart-item/${productId}/${variantId}`, { quantity })).data,
      undo: (_vars, { before }) => {
        // Undone only if nothing changed the line since.
        if (before !== undefined && findLine(readCart(), productId, variantId)?.quantity === quantity) {
          writeCart((cart) => setLineQuantity(cart, productId, variantId, before));
        }
      },
    },
    variables,
  );
}

export function removeOne(variables: { productId: number; variantId: number }) {
  const { productId, variantId } = variables;
  return run<typeof variables, { line?: CartItem; index: number }>(
    'remove',
    lineScope(variantId),
    {
      change: () => {
        const cart = readCart();
        const line = findLine(cart, productId, variantId);
        writeCart((current) => removeLine(current, productId, variantId));
        return { line, index: line ? cart.indexOf(line) : -1 };
      },
      send: async () => (await http.delete<CartResponse>(`products/remove-from-cart/${productId}/${variantId}`)).data,
      undo: (_vars, { line, index }) => {
        if (line) writeCart((cart) => restoreLine(cart, line, index));
      },
    },
    variables,
  );
}

export function clearAll() {
  return run<undefined, { snapshot: CartItem[] }>(
    'clear',
    CLEAR_SCOPE,
    {
      change: () => {
        const snapshot = readCart();
        writeCart(() => []);
        return { snapshot };
      },
      send: async () => (await http.delete<CartResponse>('products/clear-cart')).data,
      undo: (_vars, { snapshot }) => {
        // Put back only if nothing was added since.
        if (readCart().length === 0) writeCart(() => snapshot);
      },
    },
    undefined,
  );
}
