import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';

export type Fact = { label: string; value: ReactNode };

/**
 * A record's facts as a description list: label and value side by side, one pair a row on a
 * phone and two pairs a row from `twoPairsFrom` up.
 */
export function FactList({
  facts,
  twoPairsFrom = 'sm',
  sx,
}: {
  facts: readonly Fact[];
  twoPairsFrom?: 'sm' | 'md';
  sx?: SxProps<Theme>;
}) {
  return (
    <Box
      component="dl"
      sx={[
        {
          display: 'grid',
          gridTemplateColumns: {
            xs: 'minmax(96px, auto) 1fr',
            [twoPairsFrom]: 'repeat(2, minmax(120px, auto) 1fr)',
          },
          columnGap: 2,
          rowGap: 1,
          alignItems: 'center',
          m: 0,
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {facts.map((fact) => (
        <Fragment key={fact.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {fact.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {fact.value}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}
