import { render } from 'preact';
import { localisePage } from '@/lib/extension-pages/page-language';
import { App } from './App';

localisePage('researcherPageTitle');
render(<App />, document.getElementById('app')!);
