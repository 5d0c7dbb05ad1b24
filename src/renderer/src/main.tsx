import { startBoot } from './boot/boot';
import './styles/theme.css';
import './styles/ui.css';
import './ui/primitives/primitives.css';
import './app/shell.css';

// The bridge and the first screen's data are requested before the app's code loads (a separate chunk).
const boot = startBoot();
void import('./app/mount').then(({ mount }) => mount(boot));
