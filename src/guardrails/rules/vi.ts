// Vietnamese rules (written without tones, as the folded text reads).
import { GAP, r, type Rule } from './types.ts';

export const VI_RULES: Rule[] = [
  {
    id: 'vi.self_harm',
    category: 'self_harm',
    lang: 'vi',
    re: r(`\\b(?:tu tu|muon chet|ket thuc cuoc doi|khong muon song)\\b`),
  },
  {
    id: 'vi.injection',
    category: 'prompt_injection',
    lang: 'vi',
    re: r(`\\b(?:bo qua|phot lo|quen) ${GAP}(?:huong dan|chi dan|chi thi|quy tac|lenh)\\b|\\bgia vo (?:ban la|la)\\b|\\bche do (?:nha phat trien|developer|dan)\\b|\\b(?:tiet lo|cho xem|in ra) ${GAP}(?:prompt|loi nhac he thong|huong dan he thong)\\b`),
  },
  {
    id: 'vi.abuse',
    category: 'abuse',
    lang: 'vi',
    re: r(`\\b(?:do ngu|dm may|dit me|con cho|may ngu|ngu nhu bo|do khon|do vo dung|cut di|im mom)\\b|\\b(?:tro ly|bot|may|mi|shop|ad) (?:nay |gi ma )?(?:that |qua |rat )?(?:ngu|vo dung|do hoi|rac ruoi)\\b|\\b(?:tra loi|rep|noi|tu van) (?:nhu|nhu kieu) (?:cc|cut|shit|l)\\b`),
  },
  {
    id: 'vi.data',
    category: 'data_fishing',
    lang: 'vi',
    re: r(`\\b(?:danh sach|liet ke|xuat|cho xem|gui) ${GAP}(?:nguoi dung|khach hang|tai khoan|mat khau|so dien thoai|email)\\b(?! cua (?:toi|minh|em|anh|chi))|\\b(?:mat khau|thong tin|so dien thoai|dia chi|don hang) (?:cua )?(?:admin|quan tri vien|nguoi khac|khach hang khac|nguoi dung khac)\\b|\\bco so du lieu\\b`),
  },
];
