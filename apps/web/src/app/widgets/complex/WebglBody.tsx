/**
 * The 3D scene (UsualWebgl, at most one per page): a three.js scene with the widget's glTF model
 * (data.modelUrl) lit and framed, or a reference cube on a grid while no model is set. The viewer
 * turns it when autoRotate is on; the designer draws one still frame.
 */
import { useEffect, useRef, useState } from 'react';
import * as THREE from 'three';
import type { Widget } from '@fieldhub/hmi';
import { useWidgetText } from '../widgetText';
import { useWidgetRuntime } from '../runtime';
import { str } from '../styleOf';
import { BodyNote } from './BodyNote';

type Loose = Record<string, unknown>;

/** Camera distance that fits a sphere of `radius` in a vertical field of view of `fov` degrees. */
export function fitDistance(radius: number, fov: number): number {
  return (radius / Math.sin(((fov / 2) * Math.PI) / 180)) * 1.1;
}

export default function WebglBody({ widget }: { widget: Widget }) {
  const t = useWidgetText();
  const runtime = useWidgetRuntime();
  const host = useRef<HTMLDivElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const d = widget.data as Loose;
  const modelUrl = str(d['modelUrl'], '');
  const background = str(widget.style.fill, '#0B1A2E');
  const accent = str(widget.style.color, '#1890FF');
  const spin = d['autoRotate'] !== false && runtime.mode === 'view';

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    let renderer: THREE.WebGLRenderer;
    try {
      renderer = new THREE.WebGLRenderer({
        antialias: true,
        preserveDrawingBuffer: runtime.mode === 'design',
      });
    } catch {
      setProblem(t('complex.webgl-unavailable'));
      return;
    }
    setProblem(null);
    renderer.setPixelRatio(Math.min(2, window.devicePixelRatio));
    el.appendChild(renderer.domElement);
    const scene = new THREE.Scene();
    scene.background = new THREE.Color(background);
    const camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
    scene.add(new THREE.AmbientLight(0xffffff, 0.6));
    const sun = new THREE.DirectionalLight(0xffffff, 1.2);
    sun.position.set(3, 5, 4);
    scene.add(sun);
    const stage = new THREE.Group();
    scene.add(stage);
    const frame = (object: THREE.Object3D) => {
      const box = new THREE.Box3().setFromObject(object);
      const sphere = box.getBoundingSphere(new THREE.Sphere());
      const distance = fitDistance(sphere.radius || 1, camera.fov);
      camera.position
        .copy(sphere.center)
        .add(new THREE.Vector3(distance * 0.6, distance * 0.45, distance * 0.65));
      camera.lookAt(sphere.center);
    };
    if (!modelUrl) {
      const cube = new THREE.Mesh(
        new THREE.BoxGeometry(1, 1, 1),
        new THREE.MeshStandardMaterial({ color: accent, metalness: 0.2, roughness: 0.5 }),
      );
      cube.position.y = 0.5;
      const edges = new THREE.LineSegments(
        new THREE.EdgesGeometry(cube.geometry),
        new THREE.LineBasicMaterial({ color: 0xffffff }),
      );
      cube.add(edges);
      stage.add(cube);
      stage.add(new THREE.GridHelper(4, 8, 0x64748b, 0x334155));
      frame(cube);
    } else {
      void import('three/examples/jsm/loaders/GLTFLoader.js').then(({ GLTFLoader }) =>
        new GLTFLoader().load(
          modelUrl,
          (gltf) => {
            stage.add(gltf.scene);
            frame(gltf.scene);
            draw();
          },
          undefined,
          () => setProblem(t('complex.webgl-model-failed')),
        ),
      );
    }
    const size = () => {
      const w = Math.max(1, el.clientWidth);
      const h = Math.max(1, el.clientHeight);
      renderer.setSize(w, h, false);
      renderer.domElement.style.width = '100%';
      renderer.domElement.style.height = '100%';
      camera.aspect = w / h;
      camera.updateProjectionMatrix();
    };
    const draw = () => renderer.render(scene, camera);
    size();
    draw();
    const observer = new ResizeObserver(() => (size(), draw()));
    observer.observe(el);
    let raf = 0;
    if (spin) {
      const loop = () => {
        stage.rotation.y += 0.005;
        draw();
        raf = requestAnimationFrame(loop);
      };
      raf = requestAnimationFrame(loop);
    }
    return () => {
      cancelAnimationFrame(raf);
      observer.disconnect();
      renderer.dispose();
      renderer.forceContextLoss();
      renderer.domElement.remove();
    };
  }, [modelUrl, background, accent, spin, runtime.mode, t]);

  return (
    <div
      ref={host}
      data-testid="webgl-widget"
      style={{ position: 'absolute', inset: 0, background, overflow: 'hidden' }}
    >
      {problem && <BodyNote text={problem} />}
    </div>
  );
}
