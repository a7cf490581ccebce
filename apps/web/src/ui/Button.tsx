import { forwardRef, type ButtonHTMLAttributes } from 'react';
import type { BUTTON_SIZES } from '@switchboard/core/constants';
import { cn } from './cn.ts';
import { Spinner } from './Spinner.tsx';

export type ButtonSize = (typeof BUTTON_SIZES)[number];
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'success' | 'link';

const sizes: Record<ButtonSize, string> = {
  '4xs': 'h-5 px-1.5 text-[10px] gap-1 rounded',
  '3xs': 'h-6 px-2 text-[11px] gap-1 rounded',
  '2xs': 'h-7 px-2.5 text-xs gap-1 rounded-md',
  xs: 'h-8 px-3 text-xs gap-1.5 rounded-md',
  sm: 'h-9 px-3.5 text-sm gap-1.5 rounded-lg',
  md: 'h-10 px-4 text-sm gap-2 rounded-lg',
  lg: 'h-11 px-5 text-base gap-2 rounded-lg',
  xl: 'h-12 px-6 text-base gap-2 rounded-xl',
  '2xl': 'h-14 px-8 text-lg gap-2.5 rounded-xl',
};

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 shadow-sm',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 shadow-sm',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700 shadow-sm',
  success: 'bg-emerald-600 text-white hover:bg-emerald-700 shadow-sm',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0 h-auto',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  size?: ButtonSize;
  variant?: ButtonVariant;
  loading?: boolean;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { size = 'md', variant = 'primary', loading = false, block = false, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex shrink-0 items-center justify-center font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-60',
        sizes[size],
        variants[variant],
        block && 'w-full',
        className,
      )}
      {...rest}
    >
      {loading && <Spinner className="size-4" label="Working" />}
      {children}
    </button>
  );
});
