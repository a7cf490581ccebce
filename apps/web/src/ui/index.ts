export { Avatar } from './Avatar.tsx';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.tsx';
export { Card } from './Card.tsx';
export { cn } from './cn.ts';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { EmptyState, ErrorState } from './EmptyState.tsx';
export { Field, FormError, Input, selectClass, Textarea, TextField } from './Field.tsx';
export { LoadingBlock, Skeleton, Spinner } from './Spinner.tsx';
export { statusText } from './statusText.ts';
