export { EMBED_CSS_VARIABLES, embedTheme, theme } from './theme';
export type { StoreTheme } from './theme';
export { UiProvider } from './UiProvider';
export { StoreToaster } from './Toaster';
export { toast, loadToasts } from './toast';
export {
  Button,
  IconButton,
  Input,
  Textarea,
  Select,
  Checkbox,
  FormField,
  Container,
  Spinner,
  Skeleton,
  EmptyState,
  Badge,
  Banner,
  VisuallyHidden,
  visuallyHidden,
  spreadRow,
  tileGrid,
} from './primitives';
export type { ButtonStyleProps, CheckboxProps, EmptyStateLink, FormFieldProps } from './primitives';
export { Price } from './Price';
export { QuantityStepper } from './QuantityStepper';
export type { QuantityStepperProps } from './QuantityStepper';
export { ProductImage } from './ProductImage';
export { Dialog } from './Dialog';
export { Panel, Table, TableFrame } from './Panel';
export { Pagination } from './Pagination';
export type { PaginationProps } from './Pagination';
export type { DialogProps } from './Dialog';
export * from './icons';
export { useDocumentTitle } from './useDocumentTitle';
export { preloadablePage } from './preloadablePage';
export { renderWholePages, useAfterFirstScreen } from './useAfterFirstScreen';
