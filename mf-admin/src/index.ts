// Async boundary: shared modules (React, the session store…) are negotiated before the app runs.
import('./bootstrap');
