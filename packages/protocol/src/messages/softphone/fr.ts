import type { SoftphoneMessages } from './en.js';

export default {
  'softphone.title': 'Softphone',

  'softphone.param.serverUrl':
    'Adresse du serveur de la plateforme ouverte depuis lequel le softphone charge ses fichiers et ses données.',
  'softphone.param.token':
    'Jeton de connexion fourni par le service Basic. Le softphone s’en sert pour authentifier sa connexion.',
  'softphone.param.mini': 'Affiche le softphone compact : statut et commandes d’appel uniquement.',
  'softphone.param.assistantRobot':
    'Affiche le robot assistant, qui suggère des réponses tirées de la documentation. Ne fonctionne que pour les agents qui en disposent.',
  'softphone.param.lang':
    'Langue de l’interface. Laissez vide pour utiliser la langue par défaut du locataire, ou à défaut le chinois simplifié.',
  'softphone.param.statusBar': 'Affiche en haut la barre d’état avec le statut de l’agent et l’état de la connexion.',
  'softphone.param.dialPad': 'Affiche le clavier numérique.',
  'softphone.param.internalCall': 'Autorise les appels vers les collègues par leur numéro de poste.',
  'softphone.param.volteVideo': 'Ajoute la vidéo aux appels internes.',
  'softphone.param.visible':
    'Affiche le softphone au chargement. Masquez-le pour qu’il continue de fonctionner sans être visible.',
  'softphone.param.visibleNow': 'true affiche le téléphone, false le masque ; masqué, il continue de fonctionner.',
  'softphone.param.displayNumber': 'L’un des numéros affichés du locataire.',
  'softphone.param.rtcCallId': 'L’appel interne auquel appartient le signal.',
  'softphone.param.page': 'La page à ouvrir : clavier numérique, historique des appels, annuaire ou robot assistant.',
  'softphone.param.status': 'Le statut d’agent à définir : disponible (prêt) ou occupé (non prêt).',
  'softphone.param.reason_id': 'Avec « occupé » : le motif d’indisponibilité, choisi dans la liste du locataire.',
  'softphone.param.number': 'Le numéro de téléphone à appeler : des chiffres, éventuellement précédés de +.',
  'softphone.param.call_id': 'L’appel concerné. Omettez-le pour agir sur l’appel en cours.',
  'softphone.param.limit': 'Le nombre d’enregistrements à renvoyer, 100 au maximum.',
  'softphone.param.agent_id': 'L’agent à qui appartient l’appel.',
  'softphone.param.signal': 'La description de session WebRTC ou le candidat ICE, tel que le navigateur le fournit.',

  'softphone.method.setPhoneVisible': 'Affiche ou masque le softphone.',
  'softphone.method.goToPage': 'Ouvre une page du softphone.',
  'softphone.method.login': 'Fait prendre son service à l’agent, prêt ou non prêt.',
  'softphone.method.logout': 'Met fin au service de l’agent.',
  'softphone.method.setAgentStatus': 'Définit le statut de l’agent.',
  'softphone.method.dialOut': 'Appelle un numéro de téléphone.',
  'softphone.method.answer': 'Répond à l’appel qui sonne.',
  'softphone.method.hangUp': 'Raccroche l’appel.',
  'softphone.method.mute': 'Coupe le micro pendant l’appel.',
  'softphone.method.unmute': 'Réactive le micro pendant l’appel.',
  'softphone.method.pause': 'Met l’appel en attente.',
  'softphone.method.unpause': 'Reprend l’appel mis en attente.',
  'softphone.method.transferExternal': 'Transfère l’appel vers un numéro externe.',
  'softphone.method.setDisplayNumber':
    'Choisit, dans la liste du locataire, le numéro présenté aux personnes que l’agent appelle.',
  'softphone.method.getState': 'Renvoie l’état actuel de l’agent et ses appels.',
  'softphone.method.getCallRecords': 'Renvoie les derniers appels de l’agent, du plus récent au plus ancien.',
  'softphone.method.getColleagues': 'Renvoie les collègues du locataire avec leur poste et leur statut en temps réel.',
  'softphone.method.monitor': 'Pour les superviseurs : écoute l’appel d’un agent sans être entendu.',
  'softphone.method.insert': 'Pour les superviseurs : rejoint l’appel d’un agent, en étant entendu des deux côtés.',
  'softphone.method.stopMonitor': 'Pour les superviseurs : quitte l’appel de l’agent.',
  'softphone.method.rtcSignal':
    'Envoie une offre, une réponse ou un candidat ICE WebRTC à l’autre agent d’un appel interne.',

  'softphone.event.loginInfoChange': 'L’agent a pris ou quitté son service.',
  'softphone.event.userInfoChange': 'Les informations de l’agent ont changé.',
  'softphone.event.checkInFailed': 'Échec de la prise de service. Les données de l’événement en indiquent la raison.',
  'softphone.event.agentStatusChange': 'Le statut de l’agent a changé.',
  'softphone.event.callTypeChange': 'Le type d’un appel est connu ou a changé : entrant, sortant ou interne.',
  'softphone.event.callStatusChange': 'L’état d’un appel a changé : sonnerie, en conversation, en attente ou terminé.',
  'softphone.event.callDataChange': 'Les informations d’un appel ont changé.',
  'softphone.event.aboutToHangUp': 'L’agent est sur le point de raccrocher.',
  'softphone.event.afterCallWorkEnded': 'Le traitement post-appel est terminé ; l’agent est de nouveau prêt.',
  'softphone.event.externalTransferSuccess': 'L’appel a été transféré vers le numéro externe.',
  'softphone.event.monitorStart': 'Un superviseur a commencé à écouter l’appel.',
  'softphone.event.monitorEnd': 'Le superviseur a cessé d’écouter l’appel.',
  'softphone.event.insertionStart': 'Un superviseur s’est joint à l’appel.',
  'softphone.event.displayNumberChange': 'Le numéro présenté aux personnes que l’agent appelle a changé.',
  'softphone.event.loginAuthFailed':
    'Échec de l’authentification de connexion. Les données de l’événement en indiquent la raison.',
  'softphone.event.tenantInfoChange':
    'Les paramètres du locataire ont changé : motifs d’indisponibilité, numéros affichés ou durée du post-appel.',
  'softphone.event.rtcSignal':
    'L’autre agent d’un appel interne a envoyé une offre, une réponse ou un candidat ICE WebRTC.',
  'softphone.event.interruptionCancelled':
    'La connexion a été rétablie à temps : interruption de communication annulée.',

  'softphone.field.checked_in': 'Indique si l’agent a pris son service.',
  'softphone.field.session': 'L’identifiant de la session.',
  'softphone.field.agent': 'L’agent : nom, poste, rôle, statut et numéro présenté.',
  'softphone.field.code': 'Le code d’erreur.',
  'softphone.field.message': 'Le message d’erreur, dans la langue du softphone.',
  'softphone.field.status': 'Le nouveau statut de l’agent.',
  'softphone.field.previous': 'Le statut précédent.',
  'softphone.field.reason_id': 'Avec « occupé » : le motif d’indisponibilité.',
  'softphone.field.status_since': 'Le moment où le statut a commencé.',
  'softphone.field.acw_until': 'En traitement post-appel : le moment où il prend fin automatiquement.',
  'softphone.field.call_id': 'L’identifiant de l’appel.',
  'softphone.field.call_type': 'Entrant, sortant ou interne.',
  'softphone.field.call_status': 'Sonnerie, en conversation, en attente ou terminé.',
  'softphone.field.call': 'L’appel : numéros, type, état, horaires, micro coupé et mise en attente.',
  'softphone.field.number': 'Le numéro externe.',
  'softphone.field.supervisor': 'Le nom du superviseur.',
  'softphone.field.display_number': 'Le numéro présenté.',
  'softphone.field.tenant':
    'Le locataire : nom, langue par défaut, motifs d’indisponibilité, numéros affichés et durée du post-appel.',
  'softphone.field.from': 'L’agent qui l’a envoyé.',
  'softphone.field.signal': 'La description de session WebRTC ou le candidat ICE.',
  'softphone.field.missed_events': 'Le nombre d’événements renvoyés après l’interruption.',
} satisfies SoftphoneMessages;
