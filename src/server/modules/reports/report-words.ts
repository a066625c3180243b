import type { AppointmentStatus, AppointmentType } from '../../../contracts/appointments';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/languages';
import type { ReportKind } from '../../../contracts/reports';

// The words of a report file in the requester's language (the `lang` of the download): its title,
// its column names and the lines of a PDF's heading and footer. The cells stay as the data has them
// (names, days, codes of the audit trail), so the same figures read the same in every language.
// English is the language of a download that names none, and of the scheduled reports' mail.

export interface ReportColumns {
  day: string;
  weekFrom: string;
  total: string;
  doctor: string;
  specialty: string;
  appointments: string;
  due: string;
  noShows: string;
  cancelled: string;
  noShowRate: string;
  cancellationRate: string;
  weekday: string;
  newPatients: string;
  time: string;
  actor: string;
  role: string;
  action: string;
  outcome: string;
  resource: string;
  resourceId: string;
  patientId: string;
  recordNumber: string;
  lastName: string;
  firstName: string;
  dateOfBirth: string;
  gender: string;
  email: string;
  phone: string;
}

/** The lines a PDF writes around its table. */
export interface PdfWords {
  period: (text: string) => string;
  generated: (text: string) => string;
  rows: (shown: number, total: number | null) => string;
  noRows: string;
  page: (title: string, page: number, pages: number) => string;
}

export interface ReportWords {
  language: Language;
  titles: Record<ReportKind, string>;
  columns: ReportColumns;
  statuses: Record<AppointmentStatus, string>;
  types: Record<AppointmentType, string>;
  range: (from: string, to: string) => string;
  oneDoctor: string;
  allPatients: (day: string) => string;
  pdf: PdfWords;
}

const EN: ReportWords = {
  language: 'en',
  titles: {
    appointments: 'Appointments by status and type',
    'doctor-rates': 'No-show and cancellation rates by doctor',
    'weekday-rates': 'No-show and cancellation rates by weekday',
    'new-patients': 'New patients',
    'audit-trail': 'Audit trail',
    'patient-list': 'Patient list',
  },
  columns: {
    day: 'Day',
    weekFrom: 'Week from',
    total: 'Total',
    doctor: 'Doctor',
    specialty: 'Specialty',
    appointments: 'Appointments',
    due: 'Due',
    noShows: 'No-shows',
    cancelled: 'Cancelled',
    noShowRate: 'No-show rate (%)',
    cancellationRate: 'Cancellation rate (%)',
    weekday: 'Weekday',
    newPatients: 'New patients',
    time: 'Time (UTC)',
    actor: 'Actor',
    role: 'Role',
    action: 'Action',
    outcome: 'Outcome',
    resource: 'Resource',
    resourceId: 'Resource id',
    patientId: 'Patient id',
    recordNumber: 'Record number',
    lastName: 'Last name',
    firstName: 'First name',
    dateOfBirth: 'Date of birth',
    gender: 'Gender',
    email: 'Email',
    phone: 'Phone',
  },
  statuses: {
    requested: 'Requested',
    scheduled: 'Scheduled',
    'checked-in': 'Checked in',
    'in-progress': 'In progress',
    completed: 'Completed',
    cancelled: 'Cancelled',
    'no-show': 'No-show',
  },
  types: { 'in-person': 'In person', video: 'Video' },
  range: (from, to) => `${from} to ${to}`,
  oneDoctor: 'one doctor',
  allPatients: (day) => `all patients as of ${day}`,
  pdf: {
    period: (text) => `Period: ${text}`,
    generated: (text) => `Generated: ${text}`,
    rows: (shown, total) => (total === null ? `Rows: ${shown}` : `Rows: ${shown} of ${total}`),
    noRows: 'No rows for this period.',
    page: (title, page, pages) => `${title} - page ${page} of ${pages}`,
  },
};

const ES: ReportWords = {
  language: 'es',
  titles: {
    appointments: 'Citas por estado y tipo',
    'doctor-rates': 'Tasas de ausencias y cancelaciones por médico',
    'weekday-rates': 'Tasas de ausencias y cancelaciones por día de la semana',
    'new-patients': 'Pacientes nuevos',
    'audit-trail': 'Registro de auditoría',
    'patient-list': 'Lista de pacientes',
  },
  columns: {
    day: 'Día',
    weekFrom: 'Semana del',
    total: 'Total',
    doctor: 'Médico',
    specialty: 'Especialidad',
    appointments: 'Citas',
    due: 'Previstas',
    noShows: 'Inasistencias',
    cancelled: 'Canceladas',
    noShowRate: 'Tasa de inasistencia (%)',
    cancellationRate: 'Tasa de cancelación (%)',
    weekday: 'Día de la semana',
    newPatients: 'Pacientes nuevos',
    time: 'Hora (UTC)',
    actor: 'Autor',
    role: 'Rol',
    action: 'Acción',
    outcome: 'Resultado',
    resource: 'Recurso',
    resourceId: 'Id. del recurso',
    patientId: 'Id. del paciente',
    recordNumber: 'Número de historia',
    lastName: 'Apellidos',
    firstName: 'Nombre',
    dateOfBirth: 'Fecha de nacimiento',
    gender: 'Sexo',
    email: 'Correo electrónico',
    phone: 'Teléfono',
  },
  statuses: {
    requested: 'Solicitada',
    scheduled: 'Programada',
    'checked-in': 'Registrada a la llegada',
    'in-progress': 'En curso',
    completed: 'Completada',
    cancelled: 'Cancelada',
    'no-show': 'Inasistencia',
  },
  types: { 'in-person': 'Presencial', video: 'Vídeo' },
  range: (from, to) => `${from} a ${to}`,
  oneDoctor: 'un médico',
  allPatients: (day) => `todos los pacientes a ${day}`,
  pdf: {
    period: (text) => `Periodo: ${text}`,
    generated: (text) => `Generado: ${text}`,
    rows: (shown, total) => (total === null ? `Filas: ${shown}` : `Filas: ${shown} de ${total}`),
    noRows: 'No hay filas para este periodo.',
    page: (title, page, pages) => `${title} - página ${page} de ${pages}`,
  },
};

const FR: ReportWords = {
  language: 'fr',
  titles: {
    appointments: 'Rendez-vous par statut et par type',
    'doctor-rates': 'Taux d’absence et d’annulation par médecin',
    'weekday-rates': 'Taux d’absence et d’annulation par jour de la semaine',
    'new-patients': 'Nouveaux patients',
    'audit-trail': 'Journal d’audit',
    'patient-list': 'Liste des patients',
  },
  columns: {
    day: 'Jour',
    weekFrom: 'Semaine du',
    total: 'Total',
    doctor: 'Médecin',
    specialty: 'Spécialité',
    appointments: 'Rendez-vous',
    due: 'Prévus',
    noShows: 'Absences',
    cancelled: 'Annulés',
    noShowRate: 'Taux d’absence (%)',
    cancellationRate: 'Taux d’annulation (%)',
    weekday: 'Jour de la semaine',
    newPatients: 'Nouveaux patients',
    time: 'Heure (UTC)',
    actor: 'Auteur',
    role: 'Rôle',
    action: 'Action',
    outcome: 'Résultat',
    resource: 'Ressource',
    resourceId: 'Id. de la ressource',
    patientId: 'Id. du patient',
    recordNumber: 'Numéro de dossier',
    lastName: 'Nom',
    firstName: 'Prénom',
    dateOfBirth: 'Date de naissance',
    gender: 'Sexe',
    email: 'E-mail',
    phone: 'Téléphone',
  },
  statuses: {
    requested: 'Demandé',
    scheduled: 'Planifié',
    'checked-in': 'Arrivé',
    'in-progress': 'En cours',
    completed: 'Terminé',
    cancelled: 'Annulé',
    'no-show': 'Absent',
  },
  types: { 'in-person': 'En personne', video: 'Vidéo' },
  range: (from, to) => `du ${from} au ${to}`,
  oneDoctor: 'un médecin',
  allPatients: (day) => `tous les patients au ${day}`,
  pdf: {
    period: (text) => `Période : ${text}`,
    generated: (text) => `Généré le : ${text}`,
    rows: (shown, total) => (total === null ? `Lignes : ${shown}` : `Lignes : ${shown} sur ${total}`),
    noRows: 'Aucune ligne pour cette période.',
    page: (title, page, pages) => `${title} - page ${page} sur ${pages}`,
  },
};

const DE: ReportWords = {
  language: 'de',
  titles: {
    appointments: 'Termine nach Status und Art',
    'doctor-rates': 'Nichterscheinen und Absagen nach Ärztin/Arzt',
    'weekday-rates': 'Nichterscheinen und Absagen nach Wochentag',
    'new-patients': 'Neue Patientinnen und Patienten',
    'audit-trail': 'Audit-Protokoll',
    'patient-list': 'Patientenliste',
  },
  columns: {
    day: 'Tag',
    weekFrom: 'Woche ab',
    total: 'Gesamt',
    doctor: 'Ärztin/Arzt',
    specialty: 'Fachgebiet',
    appointments: 'Termine',
    due: 'Fällig',
    noShows: 'Nicht erschienen',
    cancelled: 'Abgesagt',
    noShowRate: 'Quote Nichterscheinen (%)',
    cancellationRate: 'Absagequote (%)',
    weekday: 'Wochentag',
    newPatients: 'Neue Patienten',
    time: 'Zeit (UTC)',
    actor: 'Ausgeführt von',
    role: 'Rolle',
    action: 'Aktion',
    outcome: 'Ergebnis',
    resource: 'Ressource',
    resourceId: 'Ressourcen-ID',
    patientId: 'Patienten-ID',
    recordNumber: 'Aktennummer',
    lastName: 'Nachname',
    firstName: 'Vorname',
    dateOfBirth: 'Geburtsdatum',
    gender: 'Geschlecht',
    email: 'E-Mail',
    phone: 'Telefon',
  },
  statuses: {
    requested: 'Angefragt',
    scheduled: 'Geplant',
    'checked-in': 'Eingecheckt',
    'in-progress': 'Läuft',
    completed: 'Abgeschlossen',
    cancelled: 'Abgesagt',
    'no-show': 'Nicht erschienen',
  },
  types: { 'in-person': 'Vor Ort', video: 'Video' },
  range: (from, to) => `${from} bis ${to}`,
  oneDoctor: 'eine Ärztin/ein Arzt',
  allPatients: (day) => `alle Patientinnen und Patienten, Stand ${day}`,
  pdf: {
    period: (text) => `Zeitraum: ${text}`,
    generated: (text) => `Erstellt: ${text}`,
    rows: (shown, total) => (total === null ? `Zeilen: ${shown}` : `Zeilen: ${shown} von ${total}`),
    noRows: 'Keine Zeilen für diesen Zeitraum.',
    page: (title, page, pages) => `${title} - Seite ${page} von ${pages}`,
  },
};

const AR: ReportWords = {
  language: 'ar',
  titles: {
    appointments: 'المواعيد حسب الحالة والنوع',
    'doctor-rates': 'معدلات التغيّب والإلغاء حسب الطبيب',
    'weekday-rates': 'معدلات التغيّب والإلغاء حسب يوم الأسبوع',
    'new-patients': 'المرضى الجدد',
    'audit-trail': 'سجل التدقيق',
    'patient-list': 'قائمة المرضى',
  },
  columns: {
    day: 'اليوم',
    weekFrom: 'الأسبوع من',
    total: 'المجموع',
    doctor: 'الطبيب',
    specialty: 'التخصص',
    appointments: 'المواعيد',
    due: 'المستحقة',
    noShows: 'عدم الحضور',
    cancelled: 'الملغاة',
    noShowRate: 'نسبة عدم الحضور (%)',
    cancellationRate: 'نسبة الإلغاء (%)',
    weekday: 'يوم الأسبوع',
    newPatients: 'المرضى الجدد',
    time: 'الوقت (UTC)',
    actor: 'المنفّذ',
    role: 'الدور',
    action: 'الإجراء',
    outcome: 'النتيجة',
    resource: 'المورد',
    resourceId: 'معرّف المورد',
    patientId: 'معرّف المريض',
    recordNumber: 'رقم السجل',
    lastName: 'اسم العائلة',
    firstName: 'الاسم الأول',
    dateOfBirth: 'تاريخ الميلاد',
    gender: 'الجنس',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
  },
  statuses: {
    requested: 'مطلوب',
    scheduled: 'مجدول',
    'checked-in': 'تم تسجيل الوصول',
    'in-progress': 'جارٍ',
    completed: 'مكتمل',
    cancelled: 'ملغى',
    'no-show': 'لم يحضر',
  },
  types: { 'in-person': 'حضوري', video: 'فيديو' },
  range: (from, to) => `من ${from} إلى ${to}`,
  oneDoctor: 'طبيب واحد',
  allPatients: (day) => `جميع المرضى حتى ${day}`,
  pdf: {
    period: (text) => `الفترة: ${text}`,
    generated: (text) => `تاريخ الإنشاء: ${text}`,
    rows: (shown, total) => (total === null ? `الصفوف: ${shown}` : `الصفوف: ${shown} من ${total}`),
    noRows: 'لا توجد صفوف لهذه الفترة.',
    page: (title, page, pages) => `${title} - الصفحة ${page} من ${pages}`,
  },
};

const ZH: ReportWords = {
  language: 'zh',
  titles: {
    appointments: '按状态和类型统计的预约',
    'doctor-rates': '按医生统计的爽约率和取消率',
    'weekday-rates': '按星期统计的爽约率和取消率',
    'new-patients': '新患者',
    'audit-trail': '审计记录',
    'patient-list': '患者名单',
  },
  columns: {
    day: '日期',
    weekFrom: '周起始日',
    total: '合计',
    doctor: '医生',
    specialty: '专科',
    appointments: '预约数',
    due: '应到',
    noShows: '爽约',
    cancelled: '已取消',
    noShowRate: '爽约率 (%)',
    cancellationRate: '取消率 (%)',
    weekday: '星期',
    newPatients: '新患者',
    time: '时间 (UTC)',
    actor: '操作者',
    role: '角色',
    action: '操作',
    outcome: '结果',
    resource: '资源',
    resourceId: '资源 ID',
    patientId: '患者 ID',
    recordNumber: '病历号',
    lastName: '姓',
    firstName: '名',
    dateOfBirth: '出生日期',
    gender: '性别',
    email: '电子邮件',
    phone: '电话',
  },
  statuses: {
    requested: '已申请',
    scheduled: '已安排',
    'checked-in': '已签到',
    'in-progress': '进行中',
    completed: '已完成',
    cancelled: '已取消',
    'no-show': '爽约',
  },
  types: { 'in-person': '到诊', video: '视频' },
  range: (from, to) => `${from} 至 ${to}`,
  oneDoctor: '一位医生',
  allPatients: (day) => `截至 ${day} 的全部患者`,
  pdf: {
    period: (text) => `期间：${text}`,
    generated: (text) => `生成时间：${text}`,
    rows: (shown, total) => (total === null ? `行数：${shown}` : `行数：${shown}（共 ${total} 行）`),
    noRows: '此期间没有数据行。',
    page: (title, page, pages) => `${title} - 第 ${page} 页，共 ${pages} 页`,
  },
};

const WORDS: Record<Language, ReportWords> = { en: EN, es: ES, fr: FR, de: DE, ar: AR, zh: ZH };

/** A report's words in `language`, English without one. */
export function reportWords(language: Language | undefined): ReportWords {
  return WORDS[language ?? DEFAULT_LANGUAGE];
}

/** The ISO weekday's name (1 Monday … 7 Sunday) in the words' language. */
export function weekdayName(words: ReportWords, weekday: number): string {
  // 5 January 2026 is a Monday.
  const day = new Date(Date.UTC(2026, 0, 4 + weekday));
  return new Intl.DateTimeFormat(words.language, { weekday: 'long', timeZone: 'UTC' }).format(day);
}
