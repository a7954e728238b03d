// The app: Mantine with its modals and notifications around the router.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createRouter } from './router';

export function App() {
  const [router] = useState(createRouter);
  return (
    <MantineProvider>
      <ModalsProvider>
        <Notifications position="top-right" />
        <RouterProvider router={router} />
      </ModalsProvider>
    </MantineProvider>
  );
}
