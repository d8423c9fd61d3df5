/** The gallery: seven slides, one at a time, with arrows, dots, arrow keys and swipe. */
import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { messageKey, useI18n } from '../i18n/index.tsx';
import { Icon } from './icons.tsx';
import { SLIDES } from './illustrations.tsx';

export function Gallery() {
  const { t } = useI18n();
  const [current, setCurrent] = useState(0);
  const touchStart = useRef<number | null>(null);
  const total = SLIDES.length;
  const show = (index: number) => setCurrent((index + total) % total);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(current + 1);
    if (event.key === 'ArrowLeft') show(current - 1);
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    if (start === null) return;
    const distance = event.changedTouches[0].clientX - start;
    if (Math.abs(distance) > 40) show(current + (distance < 0 ? 1 : -1));
  };

  return (
    <div
      className="gallery"
      role="region"
      aria-roledescription="carousel"
      aria-label={t('landing.gallery.title')}
      tabIndex={0}
      onKeyDown={onKey}
      onTouchStart={(event) => (touchStart.current = event.touches[0].clientX)}
      onTouchEnd={onTouchEnd}
    >
      <div className="gallery__viewport">
        <div className="gallery__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {SLIDES.map(({ name, Visual }, index) => (
            <figure
              key={name}
              className="gallery__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('landing.gallery.position', { number: index + 1, total })}
              aria-hidden={index !== current}
              data-slide={name}
            >
              <div className="gallery__visual"><Visual /></div>
              <figcaption className="gallery__caption">
                <h3>{t(messageKey(`landing.gallery.${name}.title`))}</h3>
                <p>{t(messageKey(`landing.gallery.${name}.text`))}</p>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
      <div className="gallery__controls">
        <button type="button" className="gallery__arrow" aria-label={t('landing.gallery.previous')} onClick={() => show(current - 1)}>
          <Icon name="arrowLeft" />
        </button>
        <div className="gallery__dots">
          {SLIDES.map(({ name }, index) => (
            <button
              key={name}
              type="button"
              className="gallery__dot"
              aria-label={t('landing.gallery.goTo', { number: index + 1 })}
              aria-current={index === current}
              onClick={() => show(index)}
            />
          ))}
        </div>
        <span className="gallery__position" aria-live="polite">{t('landing.gallery.position', { number: current + 1, total })}</span>
        <button type="button" className="gallery__arrow" aria-label={t('landing.gallery.next')} onClick={() => show(current + 1)}>
          <Icon name="arrowRight" />
        </button>
      </div>
    </div>
  );
}
