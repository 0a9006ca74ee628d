import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BackToTop } from '../../src/web/components/layout/back-to-top';

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('back to top', () => {
  it('appears only after 100px of scroll and takes the page back to the top', async () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();

    scrollTo(100);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
    scrollTo(101);
    await userEvent.click(screen.getByRole('button', { name: 'Back to top' }));
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });

    scrollTo(0);
    expect(screen.queryByRole('button', { name: 'Back to top' })).not.toBeInTheDocument();
  });
});
