import { useCallback, useEffect, useId, useState, type CSSProperties, type FocusEvent } from 'react';
import {
  CAROUSEL_INTERVAL_MS,
  CAROUSEL_PARTNERS,
  CAROUSEL_TRANSITION_MS,
  CAROUSEL_VISIBLE,
  CAROUSEL_VISIBLE_MOBILE,
  carouselPositionLabel,
  clampCarouselIndex,
  isSlideVisible,
  nextCarouselIndex,
  prevCarouselIndex,
} from '../../../../common/carousel.js';
import type { CompanyDto } from '../../../../common/api-types.js';
import { MOBILE_BREAKPOINT_PX } from '../../../../common/constants.js';
import { useMediaQuery, useReducedMotion } from '../hooks/useMediaQuery.js';
import { CompanyCard } from './CompanyCard.js';
import './carousel.css';

interface Props {
  companies: CompanyDto[];
  /** Accessible name of the carousel region. */
  label: string;
}

/**
 * docs/spec.md §4/§9: 3 of 8 partners visible (1 at the mobile breakpoint), advancing every 4 s with a
 * 300 ms slide; pauses on hover, on keyboard focus and with the Pause button (WCAG 2.2.2).
 * With reduced motion it never advances by itself and does not slide. Slides out of view are
 * inert, so Tab never lands on an invisible card.
 */
export function PartnersCarousel({ companies, label }: Props) {
  const slides = companies.slice(0, CAROUSEL_PARTNERS);
  const total = slides.length;
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const visible = mobile ? CAROUSEL_VISIBLE_MOBILE : CAROUSEL_VISIBLE;
  const reducedMotion = useReducedMotion();
  const [rawIndex, setIndex] = useState(0);
  const index = clampCarouselIndex(rawIndex, total, visible);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const trackId = useId();

  const canMove = total > visible;
  const autoAdvance = canMove && !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!autoAdvance) return;
    const timer = window.setInterval(() => setIndex((i) => nextCarouselIndex(i, total, visible)), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [autoAdvance, total, visible, index]);

  const next = useCallback(() => setIndex((i) => nextCarouselIndex(i, total, visible)), [total, visible]);
  const prev = useCallback(() => setIndex((i) => prevCarouselIndex(i, total, visible)), [total, visible]);
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  const style = {
    '--visible': visible,
    '--index': index,
    '--duration': reducedMotion ? '0ms' : `${CAROUSEL_TRANSITION_MS}ms`,
  } as CSSProperties;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-paused={!autoAdvance}
    >
      <div className="carousel-controls">
        <p className="carousel-position" aria-live={autoAdvance ? 'off' : 'polite'} aria-atomic="true">
          Showing {carouselPositionLabel(index, total, visible)}
        </p>
        {canMove && (
          <div className="carousel-buttons">
            {!reducedMotion && (
              <button type="button" className="carousel-button" onClick={() => setStopped((s) => !s)} aria-label={stopped ? 'Resume auto-advance' : 'Pause auto-advance'}>
                <span aria-hidden="true">{stopped ? '\u25B6' : '\u275A\u275A'}</span>
              </button>
            )}
            <button type="button" className="carousel-button" onClick={prev} aria-controls={trackId} aria-label="Previous partners">
              <span aria-hidden="true">&#8592;</span>
            </button>
            <button type="button" className="carousel-button" onClick={next} aria-controls={trackId} aria-label="Next partners">
              <span aria-hidden="true">&#8594;</span>
            </button>
          </div>
        )}
      </div>
      <div className="carousel-viewport">
        {/* Slides are groups (WAI-ARIA carousel pattern), which a list may not contain: plain boxes. */}
        <div className="carousel-track" id={trackId} style={style}>
          {slides.map((c, i) => {
            const shown = isSlideVisible(i, index, visible);
            return (
              <div
                key={c.id}
                className="carousel-slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${total}: ${c.name}`}
                aria-hidden={!shown}
                inert={!shown}
                data-visible={shown}
              >
                <CompanyCard company={c} />
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
