import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { AdDetails } from '@usluge/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Lightbox from 'yet-another-react-lightbox';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/counter.css';

export type AdPhotosProps = {
  title: string;
  photos: AdDetails['photos'];
  /** The dialog around it lets the lightbox have the focus and the Escape key while it is open. */
  onLightboxChange: (isOpen: boolean) => void;
};

/**
 * The ad's photos as thumbnails in order; each opens the lightbox at that photo (arrows, Escape,
 * swipe on a touch screen, one photo after another).
 */
export function AdPhotos({ title, photos, onLightboxChange }: AdPhotosProps) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const count = photos.length;
  if (count === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('ads.details.noPhotos')}
      </Typography>
    );
  }
  const open = (index: number | null) => {
    setOpenIndex(index);
    onLightboxChange(index !== null);
  };
  return (
    <>
      <Box
        component="ul"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
          gap: 1,
          listStyle: 'none',
          m: 0,
          p: 0,
        }}
      >
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <ButtonBase
              onClick={() => open(index)}
              aria-label={t('ads.details.openPhoto', { n: index + 1, count })}
              sx={{
                display: 'block',
                width: '100%',
                aspectRatio: '4 / 3',
                borderRadius: 1,
                overflow: 'hidden',
                border: 1,
                borderColor: 'divider',
                '&.Mui-focusVisible': {
                  outline: '3px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: 2,
                },
              }}
            >
              <Box
                component="img"
                src={photo.photo_url}
                alt={t('ads.details.photoAlt', { n: index + 1, count, title })}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            </ButtonBase>
          </li>
        ))}
      </Box>
      <Lightbox
        open={openIndex !== null}
        index={openIndex ?? 0}
        close={() => open(null)}
        on={{ view: ({ index }) => setOpenIndex(index) }}
        slides={photos.map((photo, index) => ({
          src: photo.photo_url,
          alt: t('ads.details.photoAlt', { n: index + 1, count, title }),
        }))}
        carousel={{ finite: count <= 2 }}
        plugins={count > 1 ? [Counter] : []}
        render={count === 1 ? { buttonPrev: () => null, buttonNext: () => null } : {}}
        labels={{
          Previous: t('ads.lightbox.previous'),
          Next: t('ads.lightbox.next'),
          Close: t('ads.lightbox.close'),
          Lightbox: title,
          Carousel: t('ads.lightbox.carousel'),
          'Photo gallery': t('ads.lightbox.carousel'),
          Slide: t('ads.lightbox.slide'),
          '{index} of {total}': t('ads.lightbox.counter', { index: '{index}', total: '{total}' }),
        }}
      />
    </>
  );
}
